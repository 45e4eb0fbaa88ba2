//! "Host on this network": the game server (`ultima-server`) inside the app, listening on every
//! interface, its games in a SQLite file in the app's data folder, so that a friend on the same
//! network plays with nothing to install, and a restart of the app goes on with the game.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::Path;

use crate::error::{AppError, OnlineProblem};

/// The server's file in the app's data folder.
pub const FILE: &str = "online-host.sqlite";

pub struct Hosting {
    pub server: ultima_server::RunningServer,
    pub port: u16,
}

impl Hosting {
    /// Starts the server on `port` of every interface. Must be called in the tokio runtime.
    pub async fn start(port: u16, folder: &Path) -> Result<Hosting, AppError> {
        let config = ultima_server::Config {
            listen: SocketAddr::from((Ipv4Addr::UNSPECIFIED, port)),
            db: Some(folder.join(FILE)),
            ..ultima_server::Config::default()
        };
        let server = ultima_server::start(config).await.map_err(|error| {
            eprintln!("ultima: hosting on port {port}: {error}");
            AppError::new(OnlineProblem::HostFailed { port })
        })?;
        let port = server.local_addr().port();
        Ok(Hosting { server, port })
    }

    /// The address this app plays on its own server through.
    pub fn local_address(&self) -> String {
        format!("ws://127.0.0.1:{}", self.port)
    }

    /// The addresses a friend on the network types: this machine's address on the network it
    /// would reach the internet by (asked of the system's routing table; nothing is sent), and
    /// this machine's own for a friend on the same device.
    pub fn addresses(&self) -> Vec<String> {
        let mut addresses = Vec::new();
        if let Some(ip) = network_address() {
            addresses.push(format!("ws://{ip}:{}", self.port));
        }
        addresses.push(self.local_address());
        addresses
    }
}

/// This machine's address on its main network, if it has one.
fn network_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    // A UDP "connection" only picks the route and the local address: no packet leaves.
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}
