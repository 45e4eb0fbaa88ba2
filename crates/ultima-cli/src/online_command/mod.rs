//! `ultima online`: a bot put online, and a load test of a server.
//!
//! - `ultima online host ws[s]://HOST[:PORT] --level L [--color white|black|random] [--clock 300+5]`
//!   creates a game, prints `invite CODE` as soon as it has one, and plays it with that level.
//! - `ultima online join ws[s]://HOST[:PORT] CODE --level L` joins that game and plays it.
//!
//!   Each prints, when the game ends, `moves m1 m2 ...` (coordinates) and
//!   `result white wins | black wins | draw: REASON`.
//! - `ultima online load ws://HOST:PORT --games N [--plies P]`: N concurrent games of random
//!   legal moves (see [`load`]).
//!
//! The connection (and coming back after a drop) is `ultima-online`'s.

mod arguments;
mod bot;
mod load;

use crate::error::CliError;

pub fn run(args: &[String]) -> Result<(), CliError> {
    let command = arguments::parse(args)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(CliError::Output)?;
    match command {
        arguments::Online::Play(play) => runtime.block_on(bot::play(play)),
        arguments::Online::Load(load) => runtime.block_on(load::run(load)),
    }
}
