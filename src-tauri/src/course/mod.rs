//! The rules course in the app: its commands are the core's (`ultima_core`); its tests here
//! drive them through the app's state, saved in the store as they run.

#[cfg(test)]
mod tests;
