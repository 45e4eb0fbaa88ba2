//! Online play in the browser: the page holds the sockets (`WebSocket`s) and the timers; here
//! each connection is a [`Line`] (the connection's rules, shared with every shell) and its game
//! is the core's (several games at once, each on its own line, each with its own request
//! waiting). A command or a socket's news comes in; what the page is to do goes out as a
//! [`Drive`]: sockets to open, frames to send, sockets to close, timers to set, updates for the
//! online channel, and the answers of requests that were waiting for the server.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ultima_app_state::error::{AppError, OnlineProblem};
use ultima_app_state::online::wire::{LinkView, OnlineAction, OnlineEvent, OnlineSettings};
use ultima_core::online::network_problem;
use ultima_core::Answer;
use ultima_online::protocol::{
    ClientMessage, ClockSetting, ColorChoice, Correspondence, ServerMessage,
};
use ultima_online::{
    normalize_address, problem_of, Credentials, Effect, Event, Line, OnlineError, Options, Seat,
};

use crate::web::WebCore;
use ultima_rules::Reading;

/// A socket to open for line `line`.
#[derive(Debug, PartialEq, Serialize)]
pub struct Open {
    pub line: u32,
    pub url: String,
}

/// A text frame to send on line `line`.
#[derive(Debug, PartialEq, Serialize)]
pub struct Frame {
    pub line: u32,
    pub text: String,
}

/// Call back `retry` for line `line` after `ms`.
#[derive(Debug, PartialEq, Serialize)]
pub struct Retry {
    pub line: u32,
    pub ms: f64,
}

/// The answer of request `request` (a command that waited for the server).
#[derive(Debug, PartialEq, Serialize)]
pub struct Answered {
    pub request: u32,
    pub answer: Answer,
}

/// What the page is to do, in this order: close, open, send, set timers, push, answer.
#[derive(Debug, Default, PartialEq, Serialize)]
pub struct Drive {
    pub close: Vec<u32>,
    pub open: Vec<Open>,
    pub send: Vec<Frame>,
    pub retry: Vec<Retry>,
    pub push: Vec<OnlineEvent>,
    pub answers: Vec<Answered>,
}

impl Drive {
    /// Answers request `request`.
    fn answer(&mut self, request: u32, answer: Answer) {
        self.answers.push(Answered { request, answer });
    }
}

/// What a command answers: at once (`answer`), or later through a [`Drive`]'s `answers` (none
/// here: the page waits for it, up to its time limit, then calls [`Lines::timed_out`]).
#[derive(Debug, PartialEq, Serialize)]
pub struct Called {
    pub answer: Option<Answer>,
    pub drive: Drive,
}

impl Called {
    fn now(answer: Answer) -> Called {
        Called {
            answer: Some(answer),
            drive: Drive::default(),
        }
    }

    fn later(drive: Drive) -> Called {
        Called {
            answer: None,
            drive,
        }
    }
}

/// What a socket's page says happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum News {
    /// The socket opened.
    Open,
    /// A text frame came (the text is given).
    Message,
    /// The socket closed or failed (the reason is given).
    Close,
    /// The wait a [`Retry`] asked for is over.
    Retry,
    /// The page's regular tick (about every second).
    Tick,
}

/// A line being seated for a create or a join: the request it answers.
#[derive(Clone, Debug)]
struct Opening {
    request: u32,
    hosted: bool,
    /// A join: its server becomes the one to use.
    joined: bool,
    /// Seated: the credentials, waiting for the game's first state.
    seated: Option<Credentials>,
}

struct Slot {
    line: Line,
    /// The core's number of this line's game, once begun.
    number: Option<u64>,
    opening: Option<Opening>,
}

/// The online lines of the page.
#[derive(Default)]
pub struct Lines {
    next: u32,
    slots: BTreeMap<u32, Slot>,
    /// The request waiting for the server's answer (a move or an action) in each game, by the
    /// game's number.
    waiting: BTreeMap<u64, u32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateArgs {
    color: ColorChoice,
    clock: Option<ClockSetting>,
    #[serde(default)]
    correspondence: Option<Correspondence>,
    #[serde(default)]
    reading: Reading,
    hosted: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JoinArgs {
    server: String,
    invite: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct GameArgs {
    game_id: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlayArgs {
    game_id: String,
    from: String,
    to: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ActArgs {
    game_id: String,
    action: OnlineAction,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SettingsArgs {
    settings: OnlineSettings,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlyArgs {
    game_id: String,
    ply: u32,
}

fn args<T: serde::de::DeserializeOwned>(command: &str, args: &Value) -> Result<T, Answer> {
    let args = if args.is_null() {
        Value::Object(Default::default())
    } else {
        args.clone()
    };
    serde_json::from_value(args)
        .map_err(|error| Answer::Failure(format!("invalid args for command {command}: {error}")))
}

/// The online commands this shell answers (the page sends these here).
pub const COMMANDS: &[&str] = &[
    "online_status",
    "watch_online",
    "set_online_settings",
    "online_host",
    "online_stop_hosting",
    "online_create",
    "online_join",
    "online_game",
    "online_board_at",
    "online_play",
    "online_act",
    "online_leave",
];

impl Lines {
    /// Runs online command `command` (one of [`COMMANDS`]); `request` names its answer if it
    /// comes later.
    pub fn call(
        &mut self,
        core: &mut WebCore,
        command: &str,
        raw: &Value,
        request: u32,
        now_ms: f64,
    ) -> Called {
        match self.try_call(core, command, raw, request, now_ms) {
            Ok(called) => called,
            Err(answer) => Called::now(answer),
        }
    }

    fn try_call(
        &mut self,
        core: &mut WebCore,
        command: &str,
        raw: &Value,
        request: u32,
        now_ms: f64,
    ) -> Result<Called, Answer> {
        Ok(match command {
            "online_status" => Called::now(Answer::of(Ok(core.online_status(None, false)))),
            "watch_online" => Called::later(self.resume_saved(core, request, now_ms)),
            "set_online_settings" => {
                let SettingsArgs { settings } = args(command, raw)?;
                Called::now(Answer::of(core.set_online_settings(settings)))
            }
            "online_host" | "online_stop_hosting" => {
                Called::now(Answer::Error(AppError::new(OnlineProblem::HostNotHere)))
            }
            "online_create" => {
                let CreateArgs {
                    color,
                    clock,
                    correspondence,
                    reading,
                    hosted,
                } = args(command, raw)?;
                if hosted {
                    return Err(Answer::Error(AppError::new(OnlineProblem::HostNotHere)));
                }
                let address = core.online_server().map_err(Answer::Error)?;
                let seat = Seat::Create {
                    color,
                    clock,
                    correspondence,
                    reading,
                };
                Called::later(self.open(address, seat, false, request, now_ms))
            }
            "online_join" => {
                let JoinArgs { server, invite } = args(command, raw)?;
                let address = normalize_address(&server)
                    .map_err(|error| Answer::Error(network_problem(&error)))?;
                let seat = Seat::Join { invite };
                Called::later(self.open(address, seat, true, request, now_ms))
            }
            "online_game" => {
                let GameArgs { game_id } = args(command, raw)?;
                Called::now(Answer::of(core.online_game(&game_id)))
            }
            "online_board_at" => {
                let PlyArgs { game_id, ply } = args(command, raw)?;
                Called::now(Answer::of(core.online_board_at(&game_id, ply)))
            }
            "online_play" => {
                let PlayArgs { game_id, from, to } = args(command, raw)?;
                let asked = core.online_play(&game_id, &from, &to);
                self.request(core, asked, request)
            }
            "online_act" => {
                let ActArgs { game_id, action } = args(command, raw)?;
                let asked = core.online_act(&game_id, action.message());
                self.request(core, asked, request)
            }
            "online_leave" => {
                let GameArgs { game_id } = args(command, raw)?;
                let mut drive = Drive::default();
                if let Some(number) = core.online_leave(&game_id) {
                    self.close_game(core, number, &mut drive, now_ms);
                }
                let mut called = Called::now(Answer::Ok(Value::Null));
                called.drive = drive;
                called
            }
            other => Called::now(Answer::Failure(format!("unknown command {other}"))),
        })
    }

    /// The games saved at the last run come back (shown at once, each with its line coming
    /// back).
    fn resume_saved(&mut self, core: &mut WebCore, request: u32, now_ms: f64) -> Drive {
        let mut drive = Drive::default();
        let (saved, _hosting) = core.online_take_saved();
        let mut failed = None;
        for saved in saved {
            let id = self.add(
                saved.address.clone(),
                Seat::Resume(saved.credentials.clone()),
                None,
                now_ms,
                &mut drive,
            );
            let link = LinkView::Reconnecting {
                attempt: 0,
                retry_in_ms: 0.0,
            };
            match core.online_begin(
                saved.address,
                saved.hosted,
                saved.credentials,
                saved.state,
                link,
            ) {
                Ok(begun) => {
                    if let Some(replaced) = begun.replaced {
                        self.close_game(core, replaced, &mut drive, now_ms);
                    }
                    if let Some(slot) = self.slots.get_mut(&id) {
                        slot.number = Some(begun.number);
                    }
                }
                Err(error) => {
                    // The others come back all the same.
                    self.drop_line(id, &mut drive);
                    failed = Some(error);
                }
            }
        }
        drive.answer(
            request,
            failed.map_or(Answer::Ok(Value::Null), Answer::Error),
        );
        drive
    }

    /// A new line for a create or a join; `request` is answered once its game's first state
    /// came.
    fn open(
        &mut self,
        address: String,
        seat: Seat,
        joined: bool,
        request: u32,
        now_ms: f64,
    ) -> Drive {
        let mut drive = Drive::default();
        let opening = Opening {
            request,
            hosted: false,
            joined,
            seated: None,
        };
        self.add(address, seat, Some(opening), now_ms, &mut drive);
        drive
    }

    fn add(
        &mut self,
        address: String,
        seat: Seat,
        opening: Option<Opening>,
        now_ms: f64,
        drive: &mut Drive,
    ) -> u32 {
        self.next = self.next.wrapping_add(1);
        let id = self.next;
        // A line with an opening is a create or a join (it fails at once); one without comes
        // back to a saved game in the background.
        let (line, effects) = match (&seat, &opening) {
            (Seat::Resume(credentials), None) => {
                Line::resume(address, credentials.clone(), Options::default(), now_ms)
            }
            _ => Line::new(address, seat, Options::default(), now_ms),
        };
        self.slots.insert(
            id,
            Slot {
                line,
                number: None,
                opening,
            },
        );
        for effect in effects {
            self.apply(id, effect, drive);
        }
        id
    }

    /// A move or an action for the server: sent, its answer to come with the server's news.
    fn request(
        &mut self,
        core: &mut WebCore,
        asked: Result<(u64, ClientMessage), AppError>,
        request: u32,
    ) -> Called {
        let (number, message) = match asked {
            Ok(asked) => asked,
            Err(error) => return Called::now(Answer::Error(error)),
        };
        let Some((&id, slot)) = self
            .slots
            .iter()
            .find(|(_, slot)| slot.number == Some(number))
        else {
            core.online_unanswered(number);
            return Called::now(Answer::Error(AppError::new(OnlineProblem::NoOnlineGame)));
        };
        match slot.line.send(&message) {
            Ok(effects) => {
                let mut drive = Drive::default();
                for effect in effects {
                    self.apply(id, effect, &mut drive);
                }
                self.waiting.insert(number, request);
                Called::later(drive)
            }
            Err(error) => {
                core.online_unanswered(number);
                Called::now(Answer::Error(network_problem(&error)))
            }
        }
    }

    /// The page's news of line `line`'s socket.
    pub fn news(
        &mut self,
        core: &mut WebCore,
        line: u32,
        news: News,
        text: &str,
        now_ms: f64,
    ) -> Drive {
        let mut drive = Drive::default();
        let Some(slot) = self.slots.get_mut(&line) else {
            // A socket of a line given up: closed.
            if matches!(news, News::Open | News::Message) {
                drive.close.push(line);
            }
            return drive;
        };
        let effects = match news {
            News::Open => slot.line.opened(now_ms),
            News::Message => slot.line.received(text, now_ms),
            News::Close => slot.line.closed(text),
            News::Retry => slot.line.retry_due(now_ms),
            News::Tick => slot.line.tick(now_ms),
        };
        self.run(core, line, effects, &mut drive, now_ms);
        drive
    }

    /// The ids of the lines, for the page's tick.
    pub fn ids(&self) -> Vec<u32> {
        self.slots.keys().copied().collect()
    }

    /// Request `request` had no answer in the page's time limit: it is forgotten (a create or
    /// a join is given up).
    pub fn timed_out(&mut self, core: &mut WebCore, request: u32) -> Drive {
        let mut drive = Drive::default();
        let number = self
            .waiting
            .iter()
            .find_map(|(&number, &waiting)| (waiting == request).then_some(number));
        if let Some(number) = number {
            self.waiting.remove(&number);
            core.online_unanswered(number);
            drive.answer(
                request,
                Answer::Error(AppError::new(OnlineProblem::Offline)),
            );
            return drive;
        }
        let opening = self.slots.iter().find_map(|(&id, slot)| {
            slot.opening
                .as_ref()
                .filter(|opening| opening.request == request)
                .map(|_| id)
        });
        if let Some(id) = opening {
            let address = self
                .slots
                .get(&id)
                .map(|slot| slot.line.address().to_string())
                .unwrap_or_default();
            self.drop_line(id, &mut drive);
            let error = OnlineError::Unreachable {
                address,
                reason: "no answer in time".into(),
            };
            drive.answer(request, Answer::Error(network_problem(&error)));
        }
        drive
    }

    /// Runs a line's effects: the socket's for the page, the game's for the core.
    fn run(
        &mut self,
        core: &mut WebCore,
        id: u32,
        effects: Vec<Effect>,
        drive: &mut Drive,
        now_ms: f64,
    ) {
        for effect in effects {
            match effect {
                Effect::Ready { credentials, .. } => {
                    if let Some(opening) = self.slots.get_mut(&id).and_then(|s| s.opening.as_mut())
                    {
                        opening.seated = Some(credentials);
                    }
                }
                Effect::Failed(error) => {
                    let opening = self.slots.remove(&id).and_then(|slot| slot.opening);
                    drive.close.push(id);
                    if let Some(opening) = opening {
                        drive.answer(opening.request, Answer::Error(network_problem(&error)));
                    }
                }
                Effect::Report(event) => self.report(core, id, event, drive, now_ms),
                other => self.apply(id, other, drive),
            }
        }
    }

    /// The socket's effects, for the page.
    fn apply(&mut self, id: u32, effect: Effect, drive: &mut Drive) {
        match effect {
            Effect::Open => {
                if let Some(slot) = self.slots.get(&id) {
                    drive.open.push(Open {
                        line: id,
                        url: slot.line.address().to_string(),
                    });
                }
            }
            Effect::Send(text) => drive.send.push(Frame { line: id, text }),
            Effect::Close => drive.close.push(id),
            Effect::RetryIn(wait) => drive.retry.push(Retry {
                line: id,
                ms: wait.as_secs_f64() * 1000.0,
            }),
            // The game's effects go through `run`.
            Effect::Ready { .. } | Effect::Failed(_) | Effect::Report(_) => {}
        }
    }

    /// One event of line `id`: the first state begins a create's or a join's game; after that
    /// every event is the core's.
    fn report(
        &mut self,
        core: &mut WebCore,
        id: u32,
        event: Event,
        drive: &mut Drive,
        now_ms: f64,
    ) {
        let Some(slot) = self.slots.get_mut(&id) else {
            return;
        };
        if let Some(opening) = slot.opening.clone() {
            match event {
                Event::Message(ServerMessage::State(state)) => {
                    let Some(credentials) = opening.seated else {
                        return;
                    };
                    slot.opening = None;
                    let address = slot.line.address().to_string();
                    let begun = core.online_begin(
                        address.clone(),
                        opening.hosted,
                        credentials,
                        state,
                        LinkView::Connected,
                    );
                    match begun {
                        Ok(begun) => {
                            slot.number = Some(begun.number);
                            if opening.joined {
                                core.online_joined_on(address);
                            }
                            if let Some(replaced) = begun.replaced {
                                self.close_game(core, replaced, drive, now_ms);
                            }
                            drive.answer(opening.request, Answer::of(Ok(begun.view)));
                        }
                        Err(error) => {
                            self.drop_line(id, drive);
                            drive.answer(opening.request, Answer::Error(error));
                        }
                    }
                }
                Event::Message(ServerMessage::Error { error }) => {
                    self.drop_line(id, drive);
                    drive.answer(
                        opening.request,
                        Answer::Error(AppError::new(problem_of(&error))),
                    );
                }
                Event::Stopped(error) => {
                    self.drop_line(id, drive);
                    drive.answer(opening.request, Answer::Error(network_problem(&error)));
                }
                // Connected, or a lost line before the first state: the page's time limit
                // gives the request up if it does not come back in time.
                _ => {}
            }
            return;
        }
        let Some(number) = slot.number else {
            return;
        };
        let stopped = matches!(event, Event::Stopped(_));
        match core.online_event(number, event) {
            None => {
                // No longer the online game: its line goes.
                self.drop_line(id, drive);
            }
            Some(taken) => {
                drive.push.extend(taken.push);
                if let Some(answer) = taken.answer {
                    if let Some(request) = self.waiting.remove(&number) {
                        drive.answer(request, Answer::of(answer));
                    }
                }
                if stopped {
                    self.slots.remove(&id);
                }
            }
        }
    }

    /// Closes the line of game `number` (it goes on on the server).
    fn close_game(&mut self, core: &mut WebCore, number: u64, drive: &mut Drive, now_ms: f64) {
        self.waiting.remove(&number);
        let found = self
            .slots
            .iter()
            .find(|(_, slot)| slot.number == Some(number))
            .map(|(&id, _)| id);
        if let Some(id) = found {
            if let Some(slot) = self.slots.get_mut(&id) {
                let effects = slot.line.close();
                // Its `Stopped(Closed)` tells the core nothing new: the game is not its own.
                let sockets: Vec<Effect> = effects
                    .into_iter()
                    .filter(|effect| !matches!(effect, Effect::Report(_)))
                    .collect();
                self.run(core, id, sockets, drive, now_ms);
            }
            self.slots.remove(&id);
        }
    }

    /// Forgets line `id` and closes its socket.
    fn drop_line(&mut self, id: u32, drive: &mut Drive) {
        if self.slots.remove(&id).is_some() {
            drive.close.push(id);
        }
    }
}

#[cfg(test)]
mod tests;
