//! The puzzle trainer in the app: its commands are the core's (`ultima_core`); its tests here
//! drive them through the app's state, the attempts filed in the history database.

#[cfg(test)]
mod tests;
