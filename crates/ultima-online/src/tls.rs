//! The secure line to a `wss://` server (one behind a TLS reverse proxy): rustls on the `ring`
//! provider, trusting Mozilla's root authorities (compiled in, the same on every platform) and,
//! for a club whose proxy has a certificate of its own making (self-signed, or from the club's
//! own authority), the certificates of a PEM file named by [`EXTRA_CA_VARIABLE`]. A `ws://`
//! server is reached in plain, as before.
//!
//! A certificate refused or a handshake that fails becomes an [`OnlineError`] a person can read
//! ([`OnlineError::Certificate`], [`OnlineError::Tls`]), never a hang.

use std::path::Path;
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::WebPkiServerVerifier;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{
    CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme,
};
use tokio_tungstenite::tungstenite::Error as WsError;
use tokio_tungstenite::Connector;

use crate::error::OnlineError;

/// The environment variable naming a PEM file of certificates to trust besides the public
/// authorities (a club's own authority, or its proxy's self-signed certificate).
pub const EXTRA_CA_VARIABLE: &str = "ULTIMA_EXTRA_CA";

/// The certificates a `wss://` server's may be issued by: Mozilla's root authorities, and any
/// added here.
#[derive(Clone, Debug, Default)]
pub struct Trust {
    extra: Vec<CertificateDer<'static>>,
}

impl Trust {
    /// Mozilla's root authorities only.
    pub fn public() -> Trust {
        Trust::default()
    }

    /// The public authorities and, when [`EXTRA_CA_VARIABLE`] names a file, its certificates.
    /// A file that cannot be read, or holds no certificate, is an error (rather than a club's
    /// server refused later for a reason nobody sees).
    pub fn from_environment() -> Result<Trust, String> {
        match std::env::var_os(EXTRA_CA_VARIABLE) {
            Some(path) if !path.is_empty() => Trust::public()
                .with_pem_file(Path::new(&path))
                .map_err(|reason| format!("{EXTRA_CA_VARIABLE}: {reason}")),
            _ => Ok(Trust::public()),
        }
    }

    /// Also trusts the certificates of the PEM file at `path`.
    pub fn with_pem_file(self, path: &Path) -> Result<Trust, String> {
        let pem = std::fs::read(path)
            .map_err(|error| format!("could not read {}: {error}", path.display()))?;
        self.with_pem(&pem)
            .map_err(|reason| format!("{}: {reason}", path.display()))
    }

    /// Also trusts the certificates in `pem` (each a `-----BEGIN CERTIFICATE-----` block;
    /// other blocks are passed over).
    pub fn with_pem(mut self, pem: &[u8]) -> Result<Trust, String> {
        let mut found = 0;
        for certificate in CertificateDer::pem_slice_iter(pem) {
            let certificate =
                certificate.map_err(|error| format!("not a PEM file of certificates ({error})"))?;
            self.extra.push(certificate);
            found += 1;
        }
        if found == 0 {
            return Err("no certificate in it (a PEM file with -----BEGIN CERTIFICATE----- blocks is wanted)".into());
        }
        Ok(self)
    }

    /// The connector for a `wss://` server.
    pub(crate) fn connector(&self) -> Result<Connector, String> {
        let mut roots = RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        };
        for certificate in &self.extra {
            roots.add(certificate.clone()).map_err(|error| {
                format!("a certificate to trust could not be used as an authority ({error})")
            })?;
        }
        // This provider, whatever other crates of the process ask of rustls. rustls 0.23.48
        // marks ring's provider deprecated for want of post-quantum key exchange (aws-lc-rs has
        // it); aws-lc-rs needs CMake and a C toolchain for each target, the Android check of
        // the CI has none, and a board game's moves do not need to outlive quantum computers.
        #[allow(deprecated)]
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let set_up = |error: &dyn std::fmt::Display| format!("TLS could not be set up ({error})");
        let builder = ClientConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()
            .map_err(|error| set_up(&error))?;
        let config = if self.extra.is_empty() {
            builder.with_root_certificates(roots).with_no_client_auth()
        } else {
            let public = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider)
                .build()
                .map_err(|error| set_up(&error))?;
            builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(Named {
                    public,
                    named: self.extra.clone(),
                }))
                .with_no_client_auth()
        };
        Ok(Connector::Rustls(Arc::new(config)))
    }
}

/// rustls' own check, the named certificates among the authorities; and one more case: a
/// certificate named in the trust file and presented as is by the server, but made as an
/// authority (`basicConstraints CA:TRUE`, which `openssl req -x509` writes by default, and which
/// webpki refuses for a server, though browsers take it once trusted) is taken when it is made
/// for the address's name. Its dates were checked already (webpki looks at them first); the
/// handshake's signature is checked against its key as for any certificate. Any other refusal
/// stands.
#[derive(Debug)]
struct Named {
    public: Arc<WebPkiServerVerifier>,
    named: Vec<CertificateDer<'static>>,
}

impl ServerCertVerifier for Named {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let refused = match self.public.verify_server_cert(
            end_entity,
            intermediates,
            server_name,
            ocsp_response,
            now,
        ) {
            Ok(verified) => return Ok(verified),
            Err(refused) => refused,
        };
        let named = self
            .named
            .iter()
            .any(|certificate| certificate.as_ref() == end_entity.as_ref());
        if !named || webpki_error(&refused) != Some(&webpki::Error::CaUsedAsEndEntity) {
            return Err(refused);
        }
        let certificate = webpki::EndEntityCert::try_from(end_entity).map_err(|_| refused)?;
        certificate
            .verify_is_valid_for_subject_name(server_name)
            .map_err(|_| rustls::Error::InvalidCertificate(CertificateError::NotValidForName))?;
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        certificate: &CertificateDer<'_>,
        signed: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.public
            .verify_tls12_signature(message, certificate, signed)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        certificate: &CertificateDer<'_>,
        signed: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.public
            .verify_tls13_signature(message, certificate, signed)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.public.supported_verify_schemes()
    }
}

/// webpki's own reason inside a refusal of rustls, when it is one.
fn webpki_error(error: &rustls::Error) -> Option<&webpki::Error> {
    match error {
        rustls::Error::InvalidCertificate(why) => certificate_webpki_error(why),
        _ => None,
    }
}

fn certificate_webpki_error(why: &CertificateError) -> Option<&webpki::Error> {
    match why {
        CertificateError::Other(other) => other.0.downcast_ref::<webpki::Error>(),
        _ => None,
    }
}

/// Whether `address` is to be reached through TLS.
pub(crate) fn is_secure(address: &str) -> bool {
    address.starts_with("wss://")
}

/// A failure to connect that is TLS's (the certificate, or the handshake), in words; `None`
/// for the others (no answer, refused, a websocket handshake gone wrong).
pub(crate) fn failure(address: &str, error: &WsError) -> Option<OnlineError> {
    let tls = match error {
        WsError::Tls(error) => {
            return Some(OnlineError::Tls {
                address: address.to_string(),
                reason: error.to_string(),
            })
        }
        WsError::Io(error) => error.get_ref()?.downcast_ref::<rustls::Error>()?,
        _ => return None,
    };
    Some(match tls {
        rustls::Error::InvalidCertificate(why) => OnlineError::Certificate {
            address: address.to_string(),
            reason: certificate_words(why),
        },
        other => OnlineError::Tls {
            address: address.to_string(),
            reason: handshake_words(other),
        },
    })
}

/// Why a secure handshake failed, as the server's owner would look for it.
fn handshake_words(error: &rustls::Error) -> String {
    match error {
        rustls::Error::InvalidMessage(_) | rustls::Error::InappropriateMessage { .. } => format!(
            "what answered does not speak TLS (a plain server? then its address is ws://, not \
             wss://) [{error}]"
        ),
        rustls::Error::AlertReceived(alert) => {
            format!("the server ended the secure handshake ({alert:?})")
        }
        rustls::Error::PeerIncompatible(why) => {
            format!("the server and this client have no TLS version or cipher in common ({why:?})")
        }
        other => other.to_string(),
    }
}

/// Why a certificate was refused, as its owner would fix it.
fn certificate_words(why: &CertificateError) -> String {
    match why {
        CertificateError::UnknownIssuer => format!(
            "its certificate is not issued by an authority this client trusts (self-signed, or a \
             club's own authority: name its certificate in {EXTRA_CA_VARIABLE})"
        ),
        CertificateError::Expired | CertificateError::ExpiredContext { .. } => {
            "its certificate has expired".into()
        }
        CertificateError::NotValidYet | CertificateError::NotValidYetContext { .. } => {
            "its certificate is not valid yet (or this device's clock is wrong)".into()
        }
        CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. } => {
            "its certificate is made for another name than the address's".into()
        }
        CertificateError::Revoked => "its certificate has been revoked".into(),
        other if certificate_webpki_error(other) == Some(&webpki::Error::CaUsedAsEndEntity) => {
            format!(
                "its certificate is an authority's, not a server's (self-signed with CA:TRUE, as \
                 `openssl req -x509` makes by default): this client takes it only when it is the \
                 very certificate named in {EXTRA_CA_VARIABLE}"
            )
        }
        other => format!("its certificate is refused ({other:?})"),
    }
}
