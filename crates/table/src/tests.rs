//! The table's rules, one test per rule, on Fourfold games from the usual start.

use crate::*;
use engine::api::{Level, Score};
use rules::{Color, GameStatus, Setup, Termination, Variant};

const A: &str = "player-a";
const B: &str = "player-b";

fn table(mode: Mode, human: Color, time_control: Option<TimeControl>) -> Table {
    let new = NewTable {
        setup: Setup::standard(Variant::Fourfold),
        position: None,
        mode,
        human,
        level: Level::Depth(1),
        time_control,
        rated: false,
        seats: Seats::new(mode, A, human),
        invite: (mode == Mode::Online).then(|| "code".to_string()),
        online: OnlineTimes::default(),
    };
    let mut t = Table::new(new, &[], 0).unwrap();
    t.start(0);
    t
}

/// An online game with A as White and B seated as Black.
fn online(time_control: Option<TimeControl>) -> Table {
    let mut t = table(Mode::Online, Color::White, time_control);
    t.apply(Command::Join, Actor::Player(B), 0).unwrap();
    t
}

fn first_token(t: &Table) -> String {
    t.game().legal_tokens()[0].clone()
}

fn play(t: &mut Table, player: &str, now_ms: i64) -> Result<Change, Refusal> {
    let text = first_token(t);
    t.apply(
        Command::Move { text, ply: None },
        Actor::Player(player),
        now_ms,
    )
}

fn computer_reply(t: &mut Table, now_ms: i64) -> Change {
    let token = first_token(t);
    t.apply(
        Command::ComputerMove {
            ply: t.ply(),
            token: Some(token),
            score: Score::Cp(-40),
            depth: 3,
        },
        Actor::Host,
        now_ms,
    )
    .unwrap()
}

fn code(r: Result<Change, Refusal>) -> ErrorCode {
    r.unwrap_err().code
}

fn termination(t: &Table) -> Option<Termination> {
    match t.game().status() {
        GameStatus::Over(o) => Some(o.termination),
        GameStatus::InProgress => None,
    }
}

#[test]
fn take_back_counts_per_mode() {
    // Local: the last move, whoever made it.
    let mut local = table(Mode::Local, Color::White, None);
    assert_eq!(
        code(local.apply(Command::TakeBack, Actor::Player(A), 0)),
        ErrorCode::NothingToTakeBack
    );
    play(&mut local, A, 0).unwrap();
    play(&mut local, A, 0).unwrap();
    let c = local.apply(Command::TakeBack, Actor::Player(A), 0).unwrap();
    assert_eq!(c.writes, [Write::Truncate { keep: 1 }]);
    assert_eq!(local.ply(), 1);

    // Against the computer: the player's move and the computer's reply.
    let mut computer = table(Mode::Computer, Color::White, None);
    play(&mut computer, A, 0).unwrap();
    computer_reply(&mut computer, 0);
    assert_eq!(computer.take_back_count(Color::White), 2);
    let c = computer
        .apply(Command::TakeBack, Actor::Player(A), 0)
        .unwrap();
    assert_eq!(c.writes, [Write::Truncate { keep: 0 }]);
    assert_eq!(computer.ply(), 0);
    assert!(c.has(&Duty::StopEngines));
    // Only the player's move while the computer thinks.
    play(&mut computer, A, 0).unwrap();
    computer
        .apply(Command::TakeBack, Actor::Player(A), 0)
        .unwrap();
    assert_eq!(computer.ply(), 0);

    // Online: a request to the opponent, back to the asker's last move when accepted.
    let mut t = online(None);
    play(&mut t, A, 0).unwrap();
    play(&mut t, B, 0).unwrap();
    let c = t.apply(Command::TakeBack, Actor::Player(A), 0).unwrap();
    assert_eq!(
        c.writes,
        [Write::Offer(Some((OfferKind::TakeBack, Color::White)))]
    );
    assert_eq!(t.ply(), 2, "asked, not taken");
    let c = t
        .apply(Command::Answer { accept: true }, Actor::Player(B), 0)
        .unwrap();
    assert_eq!(c.writes, [Write::Truncate { keep: 0 }]);
    assert_eq!(t.offer(), None);
}

#[test]
fn declared_results_cannot_be_taken_back() {
    let refused = |t: &mut Table, player: &str| {
        let r = t
            .apply(Command::TakeBack, Actor::Player(player), 0)
            .unwrap_err();
        assert_eq!(r.code, ErrorCode::GameOver, "{r}");
        assert!(r.message.contains("cannot be taken back"), "{r}");
    };
    // Resignation.
    let mut t = table(Mode::Computer, Color::White, None);
    play(&mut t, A, 0).unwrap();
    computer_reply(&mut t, 0);
    t.apply(Command::Resign { side: None }, Actor::Player(A), 0)
        .unwrap();
    assert_eq!(termination(&t), Some(Termination::Resignation));
    refused(&mut t, A);
    // Agreement.
    let mut t = table(Mode::Local, Color::White, None);
    play(&mut t, A, 0).unwrap();
    let c = t
        .apply(
            Command::OfferDraw {
                computer_accepts: None,
            },
            Actor::Player(A),
            0,
        )
        .unwrap();
    assert_eq!(c.draw_accepted, Some(true));
    assert_eq!(termination(&t), Some(Termination::Agreement));
    refused(&mut t, A);
    // Time.
    let mut t = table(Mode::Local, Color::White, Some(TimeControl::live(1_000, 0)));
    play(&mut t, A, 0).unwrap();
    play(&mut t, A, 0).unwrap();
    t.apply(Command::Wake(Timer::Flag), Actor::Host, 1_000)
        .unwrap();
    assert_eq!(termination(&t), Some(Termination::Time));
    refused(&mut t, A);
    // Aborted.
    let mut t = online(None);
    t.apply(Command::Wake(Timer::Abort), Actor::Host, 30_000)
        .unwrap();
    assert_eq!(termination(&t), Some(Termination::Aborted));
    assert_eq!(
        code(t.apply(Command::TakeBack, Actor::Player(A), 0)),
        ErrorCode::GameOver
    );
    // Abandoned.
    let mut t = online(None);
    play(&mut t, A, 0).unwrap();
    play(&mut t, B, 0).unwrap();
    t.apply(Command::Claim { win: true }, Actor::Player(A), 60_000)
        .unwrap();
    assert_eq!(termination(&t), Some(Termination::Abandoned));
    refused(&mut t, A);
}

#[test]
fn draw_offers_and_their_answers() {
    // Against the computer: its verdict decides; without one the offer cannot stand.
    let mut t = table(Mode::Computer, Color::White, None);
    assert_eq!(t.draw_verdict_needed(A), Ok(Some(Color::Black)));
    assert_eq!(
        t.draw_verdict_needed(B).unwrap_err().code,
        ErrorCode::NotYourSeat
    );
    let v = t.version();
    let c = t
        .apply(
            Command::OfferDraw {
                computer_accepts: Some(false),
            },
            Actor::Player(A),
            0,
        )
        .unwrap();
    assert_eq!((c.changed, c.draw_accepted), (false, Some(false)));
    assert_eq!(t.version(), v);
    assert_eq!(
        code(t.apply(
            Command::OfferDraw {
                computer_accepts: None
            },
            Actor::Player(A),
            0
        )),
        ErrorCode::Internal
    );
    let c = t
        .apply(
            Command::OfferDraw {
                computer_accepts: Some(true),
            },
            Actor::Player(A),
            0,
        )
        .unwrap();
    assert_eq!(c.draw_accepted, Some(true));
    assert!(matches!(c.writes[..], [Write::Result(o)] if o.winner.is_none()));

    // Online: an offer waits for the opponent; the offerer cannot answer it.
    let mut t = online(None);
    let c = t
        .apply(
            Command::OfferDraw {
                computer_accepts: None,
            },
            Actor::Player(A),
            0,
        )
        .unwrap();
    assert_eq!(c.draw_accepted, Some(false));
    assert_eq!(t.offer(), Some((OfferKind::Draw, Color::White)));
    assert_eq!(
        code(t.apply(Command::Answer { accept: true }, Actor::Player(A), 0)),
        ErrorCode::NoOffer
    );
    // Declined: the offer goes and the offerer is told.
    let c = t
        .apply(Command::Answer { accept: false }, Actor::Player(B), 0)
        .unwrap();
    assert_eq!(c.writes, [Write::Offer(None)]);
    assert!(c.events.contains(&Event::Declined {
        kind: OfferKind::Draw,
        from: Color::White
    }));
    assert_eq!(
        code(t.apply(Command::Answer { accept: true }, Actor::Player(B), 0)),
        ErrorCode::NoOffer
    );
    // A move declines the opponent's offer.
    t.apply(
        Command::OfferDraw {
            computer_accepts: None,
        },
        Actor::Player(B),
        0,
    )
    .unwrap();
    let c = play(&mut t, A, 0).unwrap();
    assert!(c.events.contains(&Event::Declined {
        kind: OfferKind::Draw,
        from: Color::Black
    }));
    assert_eq!(t.offer(), None);
    // Offering while the opponent's offer waits accepts it.
    t.apply(
        Command::OfferDraw {
            computer_accepts: None,
        },
        Actor::Player(A),
        0,
    )
    .unwrap();
    let c = t
        .apply(
            Command::OfferDraw {
                computer_accepts: None,
            },
            Actor::Player(B),
            0,
        )
        .unwrap();
    assert_eq!(c.draw_accepted, Some(true));
    assert_eq!(termination(&t), Some(Termination::Agreement));
    // An offer waits for no one while a seat is open.
    let mut t = table(Mode::Online, Color::White, None);
    assert_eq!(
        code(t.apply(
            Command::OfferDraw {
                computer_accepts: None
            },
            Actor::Player(A),
            0
        )),
        ErrorCode::NotYourTurn
    );
}

#[test]
fn a_take_back_request_with_nothing_left_is_refused_and_cleared() {
    let mut t = online(None);
    play(&mut t, A, 0).unwrap();
    t.apply(Command::TakeBack, Actor::Player(A), 0).unwrap();
    // White's move went meanwhile? No: Black declines by moving.
    let c = play(&mut t, B, 0).unwrap();
    assert!(c.events.contains(&Event::Declined {
        kind: OfferKind::TakeBack,
        from: Color::White
    }));
    // A request whose asker has no move left (a stored request after a take back).
    let mut t = online(None);
    play(&mut t, A, 0).unwrap();
    t.apply(Command::TakeBack, Actor::Player(A), 0).unwrap();
    t.game.undo();
    let v = t.version();
    let r = t
        .apply(Command::Answer { accept: true }, Actor::Player(B), 0)
        .unwrap_err();
    assert_eq!(r.code, ErrorCode::NothingToTakeBack);
    assert_eq!(r.change.unwrap().writes, [Write::Offer(None)]);
    assert_eq!((t.offer(), t.version()), (None, v + 1));
}

#[test]
fn rematches_are_offered_once_over_and_created_by_the_host() {
    let mut t = online(None);
    assert_eq!(
        code(t.apply(Command::Rematch, Actor::Player(A), 0)),
        ErrorCode::GameInProgress
    );
    t.apply(Command::Resign { side: None }, Actor::Player(B), 0)
        .unwrap();
    t.apply(Command::Rematch, Actor::Player(A), 0).unwrap();
    assert_eq!(t.offer(), Some((OfferKind::Rematch, Color::White)));
    // Asking again changes nothing.
    assert!(
        !t.apply(Command::Rematch, Actor::Player(A), 0)
            .unwrap()
            .changed
    );
    let c = t.apply(Command::Rematch, Actor::Player(B), 0).unwrap();
    let [Duty::CreateRematch(r)] = &c.duties[..] else {
        panic!("{c:?}")
    };
    assert_eq!((r.human, r.offerer.as_str()), (Color::White, A));
    t.apply(Command::RematchMade { id: "next".into() }, Actor::Host, 0)
        .unwrap();
    assert_eq!((t.offer(), t.rematch()), (None, Some("next")));
    let mut local = table(Mode::Local, Color::White, None);
    assert_eq!(
        code(local.apply(Command::Rematch, Actor::Player(A), 0)),
        ErrorCode::BadRequest
    );
}

#[test]
fn clocks_first_moves_free_then_increment_and_flag() {
    let tc = TimeControl::live(10_000, 2_000);
    let mut t = table(Mode::Local, Color::White, Some(tc));
    // Both first moves are free.
    let c = play(&mut t, A, 50_000).unwrap();
    assert!(matches!(
        &c.writes[..],
        [Write::Move {
            clocks: Some([10_000, 10_000]),
            ..
        }]
    ));
    assert_eq!(c.wakes().count(), 0);
    let c = play(&mut t, A, 90_000).unwrap();
    assert_eq!(t.clocks().unwrap().running(), Some(Color::White));
    assert_eq!(c.wakes().collect::<Vec<_>>(), [(Timer::Flag, 100_000)]);
    // White moves after 3 s: charged, plus the increment.
    let c = play(&mut t, A, 93_000).unwrap();
    assert!(matches!(
        &c.writes[..],
        [Write::Move {
            clocks: Some([9_000, 10_000]),
            ..
        }]
    ));
    // A timer that fires early changes nothing and wakes again.
    let v = t.version();
    let c = t
        .apply(Command::Wake(Timer::Flag), Actor::Host, 95_000)
        .unwrap();
    assert!(!c.changed);
    assert_eq!(c.wakes().collect::<Vec<_>>(), [(Timer::Flag, 103_000)]);
    assert_eq!(t.version(), v);
    // A late move loses on time instead of being played.
    let r = play(&mut t, A, 103_000).unwrap_err();
    assert_eq!(r.code, ErrorCode::GameOver);
    assert!(r.message.contains("black lost on time"), "{r}");
    let change = r.change.unwrap();
    assert!(matches!(&change.writes[..], [Write::Result(o)] if o.winner == Some(Color::White)));
    assert_eq!(t.ply(), 3);
    assert_eq!(t.version(), v + 1);
    assert_eq!(t.clocks().unwrap().running(), None);
}

#[test]
fn a_take_back_restores_the_clocks_as_marked() {
    let tc = TimeControl::live(10_000, 0);
    let mut t = table(Mode::Local, Color::White, Some(tc));
    play(&mut t, A, 0).unwrap();
    play(&mut t, A, 0).unwrap();
    play(&mut t, A, 4_000).unwrap();
    play(&mut t, A, 5_000).unwrap();
    assert_eq!(t.clocks().unwrap().snapshot(5_000), [6_000, 9_000]);
    t.apply(Command::TakeBack, Actor::Player(A), 20_000)
        .unwrap();
    // Back to the clocks after move 3, White's turn... Black to move: its clock runs anew.
    assert_eq!(t.clocks().unwrap().snapshot(20_000), [6_000, 10_000]);
    // A stored table gets the same marks back.
    let moves: Vec<PastMove> = t
        .tokens(3)
        .into_iter()
        .zip([None, None, Some([6_000, 10_000])])
        .map(|(token, clocks)| PastMove {
            token,
            eval: None,
            clocks,
        })
        .collect();
    let new = NewTable {
        setup: Setup::standard(Variant::Fourfold),
        position: None,
        mode: Mode::Local,
        human: Color::White,
        level: Level::Depth(1),
        time_control: Some(tc),
        rated: false,
        seats: Seats::new(Mode::Local, A, Color::White),
        invite: None,
        online: OnlineTimes::default(),
    };
    let loaded = Table::new(new, &moves, 0).unwrap();
    assert_eq!(loaded.clocks().unwrap().snapshot(0), [6_000, 10_000]);
}

#[test]
fn only_seat_holders_act_and_whose_turn_it_is() {
    let mut t = table(Mode::Computer, Color::White, None);
    assert_eq!(code(play(&mut t, B, 0)), ErrorCode::NotYourSeat);
    play(&mut t, A, 0).unwrap();
    let r = play(&mut t, A, 0).unwrap_err();
    assert_eq!(r.code, ErrorCode::NotYourTurn);
    assert!(r.message.contains("computer's turn"));
    // Online: each plays their own side, only once both are seated.
    let mut open = table(Mode::Online, Color::White, None);
    assert!(play(&mut open, A, 0)
        .unwrap_err()
        .message
        .contains("has not joined"));
    let mut t = online(None);
    let r = play(&mut t, B, 0).unwrap_err();
    assert_eq!(r.code, ErrorCode::NotYourTurn);
    assert!(r.message.contains("white's turn"), "{r}");
    // The expected ply.
    let token = first_token(&t);
    let r = t.apply(
        Command::Move {
            text: token.clone(),
            ply: Some(1),
        },
        Actor::Player(A),
        0,
    );
    assert_eq!(code(r), ErrorCode::NotYourTurn);
    t.apply(
        Command::Move {
            text: token,
            ply: Some(0),
        },
        Actor::Player(A),
        0,
    )
    .unwrap();
    // Resigning for the other side.
    let r = t.apply(
        Command::Resign {
            side: Some(Color::Black),
        },
        Actor::Player(A),
        0,
    );
    assert_eq!(code(r), ErrorCode::NotYourSeat);
    let mut c = table(Mode::Computer, Color::White, None);
    let r = c.apply(
        Command::Resign {
            side: Some(Color::Black),
        },
        Actor::Player(A),
        0,
    );
    assert_eq!(code(r), ErrorCode::BadRequest);
}

#[test]
fn joining_takes_the_open_seat_once() {
    let mut t = table(Mode::Online, Color::Black, None);
    assert!(!t.join_would_seat(A), "the creator holds a seat");
    assert!(!t.apply(Command::Join, Actor::Player(A), 0).unwrap().changed);
    assert!(t.join_would_seat(B));
    let c = t.apply(Command::Join, Actor::Player(B), 0).unwrap();
    assert_eq!(c.writes, [Write::Seats]);
    assert_eq!(t.sides_of(B), [Color::White]);
    // Both seated: the first move's time runs.
    assert_eq!(
        c.wakes().collect::<Vec<_>>(),
        [
            (Timer::Abort, 30_000),
            (Timer::Gone(Color::White), 60_000),
            (Timer::Gone(Color::Black), 60_000)
        ]
    );
    assert!(
        !t.apply(Command::Join, Actor::Player("c"), 0)
            .unwrap()
            .changed,
        "a late comer watches"
    );
    assert_eq!(t.personal("c", |c| format!("/join/{c}")).you, []);
    assert_eq!(
        t.personal(A, |c| format!("/join/{c}")).invite,
        None,
        "no seat open"
    );
    let open = table(Mode::Online, Color::White, None);
    assert_eq!(
        open.personal(A, |c| format!("/join/{c}")).invite.as_deref(),
        Some("/join/code")
    );
}

#[test]
fn games_from_before_seats_are_claimed_by_the_first_successful_action() {
    let new = NewTable {
        setup: Setup::standard(Variant::Fourfold),
        position: None,
        mode: Mode::Local,
        human: Color::White,
        level: Level::Depth(1),
        time_control: None,
        rated: false,
        seats: Seats::from_stored(Mode::Local, Color::White, Some("*"), Some("*")),
        invite: None,
        online: OnlineTimes::default(),
    };
    let mut t = Table::new(new, &[], 0).unwrap();
    let r = t.apply(
        Command::Move {
            text: "nonsense".into(),
            ply: None,
        },
        Actor::Player(B),
        0,
    );
    assert_eq!(code(r), ErrorCode::IllegalMove);
    assert!(t.sides_of(B).is_empty(), "a refusal claims nothing");
    let c = play(&mut t, A, 0).unwrap();
    assert_eq!(c.writes[0], Write::Seats);
    assert_eq!(t.sides_of(A), [Color::White, Color::Black]);
    assert_eq!(code(play(&mut t, B, 0)), ErrorCode::NotYourSeat);
}

#[test]
fn claims_need_the_opponent_gone() {
    let mut t = online(None);
    let claim = |t: &mut Table, now| t.apply(Command::Claim { win: false }, Actor::Player(A), now);
    assert!(claim(&mut t, 0)
        .unwrap_err()
        .message
        .contains("has not begun"));
    play(&mut t, A, 0).unwrap();
    play(&mut t, B, 0).unwrap();
    t.apply(
        Command::Presence { connected: true },
        Actor::Player(B),
        1_000,
    )
    .unwrap();
    assert!(claim(&mut t, 500_000)
        .unwrap_err()
        .message
        .contains("black is connected"));
    let c = t
        .apply(
            Command::Presence { connected: false },
            Actor::Player(B),
            10_000,
        )
        .unwrap();
    assert!(c.changed && c.events == [Event::State]);
    assert!(c.wakes().any(|w| w == (Timer::Gone(Color::Black), 70_000)));
    let r = claim(&mut t, 40_000).unwrap_err();
    assert_eq!(r.code, ErrorCode::NoClaim);
    assert_eq!(
        r.message,
        "black has been away 30 s; a claim is possible after 60 s"
    );
    // Seen (refused a connection): the absence counts from then.
    t.apply(Command::Seen, Actor::Player(B), 65_000).unwrap();
    assert!(!t.gone(Color::Black, 70_000));
    let c = t
        .apply(
            Command::Wake(Timer::Gone(Color::Black)),
            Actor::Host,
            70_000,
        )
        .unwrap();
    assert_eq!(
        c.wakes().collect::<Vec<_>>(),
        [(Timer::Gone(Color::Black), 125_000)]
    );
    let c = t
        .apply(
            Command::Wake(Timer::Gone(Color::Black)),
            Actor::Host,
            125_000,
        )
        .unwrap();
    assert_eq!(c.events, [Event::State]);
    assert!(
        t.view("g", 0, 125_000, HostFacts::default())
            .seats
            .black
            .gone
    );
    claim(&mut t, 125_000).unwrap();
    let GameStatus::Over(o) = t.game().status() else {
        panic!()
    };
    assert_eq!((o.termination, o.winner), (Termination::Abandoned, None));
    // Not in a local game.
    let mut local = table(Mode::Local, Color::White, None);
    assert_eq!(
        code(local.apply(Command::Claim { win: true }, Actor::Player(A), 0)),
        ErrorCode::NoClaim
    );
}

#[test]
fn an_online_game_aborts_without_a_first_move_in_time() {
    let mut t = online(None);
    assert_eq!(t.abort_in_ms(10_000), Some(20_000));
    let c = t
        .apply(Command::Wake(Timer::Abort), Actor::Host, 29_000)
        .unwrap();
    assert!(!c.changed, "not yet");
    // White moves: Black's first-move time starts then.
    let c = play(&mut t, A, 29_000).unwrap();
    assert!(c.wakes().any(|w| w == (Timer::Abort, 59_000)));
    t.apply(Command::Wake(Timer::Abort), Actor::Host, 59_000)
        .unwrap();
    let GameStatus::Over(o) = t.game().status() else {
        panic!()
    };
    assert_eq!((o.termination, o.winner), (Termination::Aborted, None));
}

#[test]
fn the_version_counts_every_change_and_no_refusal() {
    let mut t = table(Mode::Computer, Color::White, None);
    let mut v = t.version();
    let mut expect = |t: &Table, changed: bool| {
        if changed {
            v += 1;
        }
        assert_eq!(t.version(), v);
    };
    assert!(play(&mut t, B, 0).is_err());
    expect(&t, false);
    assert!(t
        .apply(
            Command::Move {
                text: "zz".into(),
                ply: None
            },
            Actor::Player(A),
            0
        )
        .is_err());
    expect(&t, false);
    play(&mut t, A, 0).unwrap();
    expect(&t, true);
    computer_reply(&mut t, 0);
    expect(&t, true);
    // A stale computer move (the ply moved on) is no change.
    let c = t
        .apply(
            Command::ComputerMove {
                ply: 1,
                token: None,
                score: Score::Cp(0),
                depth: 0,
            },
            Actor::Host,
            0,
        )
        .unwrap();
    assert!(!c.changed);
    expect(&t, false);
    t.apply(Command::OracleOn { budget_ms: 500 }, Actor::Player(A), 0)
        .unwrap();
    expect(&t, true);
    t.apply(Command::OracleOff, Actor::Player(A), 0).unwrap();
    expect(&t, true);
    t.apply(Command::TakeBack, Actor::Player(A), 0).unwrap();
    expect(&t, true);
    t.apply(Command::Resign { side: None }, Actor::Player(A), 0)
        .unwrap();
    expect(&t, true);
    assert!(t
        .apply(Command::Resign { side: None }, Actor::Player(A), 0)
        .is_err());
    expect(&t, false);
}

#[test]
fn moves_are_exact_tokens_first_then_written_forms() {
    let mut t = table(Mode::Local, Color::White, None);
    let m = t
        .game()
        .legal_moves()
        .into_iter()
        .find(|m| m.notation != m.token)
        .expect("a move whose notation is not its token");
    let c = t
        .apply(
            Command::Move {
                text: m.notation.clone(),
                ply: None,
            },
            Actor::Player(A),
            0,
        )
        .unwrap();
    assert!(matches!(&c.writes[..], [Write::Move { token, ply: 0, .. }] if *token == m.token));
    let r = t.apply(
        Command::Move {
            text: "no such move".into(),
            ply: None,
        },
        Actor::Player(A),
        0,
    );
    assert_eq!(code(r), ErrorCode::IllegalMove);
    let token = first_token(&t);
    t.apply(
        Command::Move {
            text: token.clone(),
            ply: None,
        },
        Actor::Player(A),
        0,
    )
    .unwrap();
    assert_eq!(t.game().played()[1].token, token);
}

#[test]
fn the_computers_turn_its_move_and_the_record_evaluations() {
    let mut t = table(Mode::Computer, Color::Black, None);
    // The computer has the first move.
    assert!(t.start(0).has(&Duty::Search));
    let c = t
        .apply(
            Command::ComputerMove {
                ply: 0,
                token: Some("not a token".into()),
                score: Score::Mate(2),
                depth: 4,
            },
            Actor::Host,
            0,
        )
        .unwrap();
    // A bad token: the first legal move, so the game never stalls; the score is its.
    assert_eq!(t.game().played()[0].token, t.tokens(1)[0]);
    assert!(
        matches!(&c.writes[..], [Write::Move { eval: Some(e), .. }] if e.pawns == 99.98 && e.depth == Some(4))
    );
    assert!(!c.has(&Duty::Search));
    // The player's move gets an evaluation of its own.
    let c = play(&mut t, A, 0).unwrap();
    let line = t.tokens(2);
    assert!(c.has(&Duty::Evaluate {
        ply: 1,
        line: line.clone()
    }));
    assert!(c.has(&Duty::Search));
    let stale = t
        .apply(
            Command::Evaluation {
                ply: 1,
                line: vec!["x".into(), "y".into()],
                pawns: 0.5,
            },
            Actor::Host,
            0,
        )
        .unwrap();
    assert!(!stale.changed);
    let c = t
        .apply(
            Command::Evaluation {
                ply: 1,
                line,
                pawns: 0.5,
            },
            Actor::Host,
            0,
        )
        .unwrap();
    assert_eq!(
        c.writes,
        [Write::Eval {
            ply: 1,
            eval: Eval::quick(0.5)
        }]
    );
    assert_eq!(c.events, [Event::State]);
    let view = t.view(
        "g",
        0,
        0,
        HostFacts {
            computer_thinking: true,
            watchers: 2,
        },
    );
    assert_eq!(view.history[0].eval, Some(99.98));
    assert_eq!(view.history[1].eval_source, Some(EvalSource::Quick));
    assert!(view.computer_thinking);
    assert_eq!(view.watchers, 2);
    assert!(
        view.screen.legal_moves.is_empty(),
        "no moves offered on the computer's turn"
    );
}

#[test]
fn the_oracle_is_on_duty_on_the_players_turns_and_never_online() {
    let mut t = table(Mode::Computer, Color::White, None);
    let c = t
        .apply(Command::OracleOn { budget_ms: 700 }, Actor::Player(A), 0)
        .unwrap();
    assert!(c.has(&Duty::Oracle { budget_ms: 700 }));
    let c = play(&mut t, A, 0).unwrap();
    assert!(
        !c.has(&Duty::Oracle { budget_ms: 700 }),
        "the computer's turn"
    );
    let c = computer_reply(&mut t, 0);
    assert!(c.has(&Duty::Oracle { budget_ms: 700 }));
    let mut o = online(None);
    assert_eq!(
        code(o.apply(Command::OracleOn { budget_ms: 700 }, Actor::Player(A), 0)),
        ErrorCode::NoEngineHelp
    );
    // Nor does an evaluation reach an online game's players while it runs.
    let c = play(&mut o, A, 0).unwrap();
    assert!(!c.duties.iter().any(|d| matches!(d, Duty::Evaluate { .. })));
}

#[test]
fn the_view_shows_the_seats_the_offer_and_the_clocks() {
    let mut t = online(Some(TimeControl::live(60_000, 1_000)));
    t.apply(Command::Presence { connected: true }, Actor::Player(A), 0)
        .unwrap();
    t.apply(
        Command::OfferDraw {
            computer_accepts: None,
        },
        Actor::Player(B),
        0,
    )
    .unwrap();
    let v = t.view("id1", 0, 5_000, HostFacts::default());
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["id"], "id1");
    assert_eq!(json["mode"], "online");
    assert_eq!(json["level"], 1);
    assert_eq!(
        json["seats"]["white"],
        serde_json::json!({"holder": "player", "connected": true, "gone": false})
    );
    assert_eq!(
        json["offer"],
        serde_json::json!({"kind": "draw", "from": "black"})
    );
    assert_eq!(json["clocks"]["white_ms"], 60_000);
    assert_eq!(json["abort_in_ms"], 25_000);
    assert!(json.get("you").is_none());
    let mine = v.for_player(t.personal(B, |c| format!("/join/{c}")));
    assert_eq!(
        serde_json::to_value(&mine).unwrap()["you"],
        serde_json::json!(["black"])
    );
}

#[test]
fn records_name_the_players_and_the_dates() {
    assert_eq!(record_date(0), "1970.01.01");
    assert_eq!(record_date(951_782_400), "2000.02.29");
    assert_eq!(record_date(1_795_910_400), "2026.11.29");
    let mut t = table(
        Mode::Computer,
        Color::White,
        Some(TimeControl::live(300_000, 2_000)),
    );
    play(&mut t, A, 0).unwrap();
    computer_reply(&mut t, 0);
    let text = t
        .record(rules::record::RecordForm::Own, "2026.12.05")
        .unwrap();
    assert!(text.contains("[White \"Player\"]"), "{text}");
    assert!(text.contains("[Black \"Computer, level 1\"]"), "{text}");
    assert!(text.contains("[TimeControl \"300+2\"]"), "{text}");
    assert!(text.contains("-0.40") || text.contains("+0.40"), "{text}");
}

#[test]
fn seats_and_deletion_are_checked_without_changing_anything() {
    let mut t = online(None);
    assert_eq!(t.seated(A), Ok(vec![Color::White]));
    assert_eq!(t.seated("c").unwrap_err().code, ErrorCode::NotYourSeat);
    // An online game in progress with both players belongs to both.
    assert_eq!(t.may_delete(A).unwrap_err().code, ErrorCode::GameInProgress);
    let open = table(Mode::Online, Color::White, None);
    assert_eq!(open.may_delete(A), Ok(()));
    t.apply(Command::Resign { side: None }, Actor::Player(A), 0)
        .unwrap();
    assert_eq!(t.may_delete(B), Ok(()));
    assert_eq!(t.may_delete("c").unwrap_err().code, ErrorCode::NotYourSeat);
}

#[test]
fn the_computer_loses_on_time_when_its_move_comes_late() {
    let tc = TimeControl::live(1_000, 0);
    let mut t = table(Mode::Computer, Color::White, Some(tc));
    play(&mut t, A, 0).unwrap();
    computer_reply(&mut t, 0);
    play(&mut t, A, 500).unwrap();
    let c = computer_reply(&mut t, 1_500);
    assert!(matches!(&c.writes[..], [Write::Result(o)] if o.winner == Some(Color::White)));
    assert_eq!(termination(&t), Some(Termination::Time));
    assert_eq!(t.ply(), 3, "the late move is not played");
}

#[test]
fn a_move_sent_again_answers_as_the_first_did() {
    let mut t = online(None);
    let token = first_token(&t);
    let send = |t: &mut Table, player: &str, text: &str| {
        t.apply(
            Command::Move {
                text: text.to_string(),
                ply: Some(0),
            },
            Actor::Player(player),
            0,
        )
    };
    assert!(send(&mut t, A, &token).unwrap().changed);
    let version = t.version();
    // The same move again (its answer was lost): no change, no refusal.
    let again = send(&mut t, A, &token).unwrap();
    assert!(!again.changed && again.writes.is_empty());
    assert_eq!((t.ply(), t.version()), (1, version));
    // A different move at that ply, or the same move from the other player, is stale.
    let other = t.game().legal_tokens()[0].clone();
    assert_eq!(code(send(&mut t, A, &other)), ErrorCode::NotYourTurn);
    assert_eq!(code(send(&mut t, B, &token)), ErrorCode::NotYourTurn);
    assert_eq!(t.ply(), 1);
}

#[test]
fn presence_from_other_hosts_decides_who_is_gone() {
    let mut t = online(None);
    play(&mut t, A, 0).unwrap();
    play(&mut t, B, 0).unwrap();
    assert!(t.has_deadlines());
    // Away from this host since 0, but connected through another.
    assert!(t.merge_presence(B, true, 50_000));
    assert!(!t.gone(Color::Black, 500_000));
    // The other host last saw them at 100 s: gone 60 s later, not before.
    assert!(t.merge_presence(B, false, 100_000));
    assert!(!t.gone(Color::Black, 159_000));
    assert!(t.gone(Color::Black, 160_000));
    // An older sighting changes nothing.
    assert!(!t.merge_presence(B, false, 90_000));
    // A player without a seat has no presence to merge.
    assert!(!t.merge_presence("someone", true, 0));
    // A finished game has nothing due.
    t.apply(Command::Resign { side: None }, Actor::Player(A), 0)
        .unwrap();
    assert!(!t.has_deadlines());
}

/// The deadline (ms) a change asks the host to wake at for `timer`.
fn wake_at(c: &Change, timer: Timer) -> Option<i64> {
    c.duties.iter().find_map(|d| match d {
        Duty::Wake { timer: t, at_ms } if *t == timer => Some(*at_ms),
        _ => None,
    })
}

const DAY: i64 = DAY_MS;

#[test]
fn a_correspondence_game_gives_each_first_move_the_whole_allowance_before_it_aborts() {
    let mut t = table(
        Mode::Online,
        Color::White,
        Some(TimeControl::days_per_move(1)),
    );
    // B takes the seat at 10 s: White has a day from then, not the host's 30 s.
    let c = t.apply(Command::Join, Actor::Player(B), 10_000).unwrap();
    assert_eq!(wake_at(&c, Timer::Abort), Some(10_000 + DAY));
    assert_eq!(t.first_move_ms(), DAY);
    assert_eq!(t.abort_in_ms(10_000 + 30_000), Some(DAY - 30_000));
    let early = t
        .apply(Command::Wake(Timer::Abort), Actor::Host, 10_000 + DAY - 1)
        .unwrap();
    assert!(!early.changed);
    assert!(t.in_progress());
    // White moves after 20 hours; Black's day runs from then.
    let c = play(&mut t, A, 20 * 3_600_000).unwrap();
    assert_eq!(wake_at(&c, Timer::Abort), Some(20 * 3_600_000 + DAY));
    assert_eq!(
        wake_at(&c, Timer::Flag),
        None,
        "the clocks stand until both moved"
    );
    let c = t
        .apply(
            Command::Wake(Timer::Abort),
            Actor::Host,
            20 * 3_600_000 + DAY,
        )
        .unwrap();
    assert!(c.changed);
    assert_eq!(termination(&t), Some(Termination::Aborted));
}

#[test]
fn a_correspondence_clock_fills_again_after_each_move_and_flags_at_the_deadline() {
    let mut t = online(Some(TimeControl::days_per_move(3)));
    play(&mut t, A, 0).unwrap();
    let c = play(&mut t, B, DAY).unwrap();
    // White's three days run from Black's move.
    assert_eq!(wake_at(&c, Timer::Flag), Some(4 * DAY));
    let c = play(&mut t, A, 3 * DAY).unwrap();
    assert_eq!(t.clocks().unwrap().snapshot(3 * DAY), [3 * DAY, 3 * DAY]);
    assert_eq!(wake_at(&c, Timer::Flag), Some(6 * DAY));
    let v = serde_json::to_value(t.view("g", 0, 4 * DAY, HostFacts::default())).unwrap();
    assert_eq!(v["clocks"]["per_move"], true);
    assert_eq!(v["clocks"]["initial_ms"], 3 * DAY);
    assert_eq!(v["clocks"]["increment_ms"], 0);
    assert_eq!(v["clocks"]["running"], "black");
    assert_eq!(
        v["clocks"]["black_ms"],
        2 * DAY,
        "the deadline is 6 days in"
    );
    assert_eq!(v["clocks"]["white_ms"], 3 * DAY);
    // Away for days, Black is never "gone": the clock decides.
    assert!(!t.gone(Color::Black, 5 * DAY));
    assert!(wake_at(&c, Timer::Gone(Color::Black)).is_none());
    let r = t.apply(Command::Claim { win: true }, Actor::Player(A), 5 * DAY);
    let e = r.unwrap_err();
    assert_eq!(e.code, ErrorCode::NoClaim);
    assert!(e.message.contains("correspondence"), "{e}");
    // The flag falls at the deadline, not before.
    let early = t
        .apply(Command::Wake(Timer::Flag), Actor::Host, 6 * DAY - 1)
        .unwrap();
    assert_eq!(wake_at(&early, Timer::Flag), Some(6 * DAY));
    assert!(t.in_progress());
    let c = t
        .apply(Command::Wake(Timer::Flag), Actor::Host, 6 * DAY)
        .unwrap();
    assert_eq!(termination(&t), Some(Termination::Time));
    assert!(matches!(&c.writes[..], [Write::Result(o)] if o.winner == Some(Color::White)));
}

#[test]
fn a_correspondence_table_started_at_its_turns_beginning_keeps_its_deadlines() {
    // What a host does after a restart: the table made again from the stored moves,
    // started at the stored moment the turn began.
    let tc = TimeControl::days_per_move(1);
    let mut t = online(Some(tc));
    let mut tokens = Vec::new();
    for player in [A, B] {
        tokens.push(first_token(&t));
        play(&mut t, player, 0).unwrap();
    }
    let new = NewTable {
        setup: Setup::standard(Variant::Fourfold),
        position: None,
        mode: Mode::Online,
        human: Color::White,
        level: Level::Depth(1),
        time_control: Some(tc),
        rated: true,
        seats: Seats::from_stored(Mode::Online, Color::White, Some(A), Some(B)),
        invite: None,
        online: OnlineTimes::default(),
    };
    let past: Vec<PastMove> = tokens
        .iter()
        .map(|token| PastMove {
            token: token.clone(),
            eval: None,
            clocks: Some([DAY, DAY]),
        })
        .collect();
    let turn_began = 1_000;
    let now = 5 * 3_600_000;
    let mut loaded = Table::new(new.clone(), &past, now).unwrap();
    loaded.start(turn_began);
    let c = loaded.start(now);
    assert_eq!(wake_at(&c, Timer::Flag), Some(turn_began + DAY));
    let v = serde_json::to_value(loaded.view("g", 0, now, HostFacts::default())).unwrap();
    assert_eq!(v["clocks"]["white_ms"], turn_began + DAY - now);
    assert_eq!(v["rated"], true);
    assert!(v.get("players").is_none(), "the host fills the labels");
    // Before both first moves: the abort deadline runs from the stored moment too.
    let mut first = Table::new(new, &past[..1], now).unwrap();
    first.start(turn_began);
    let c = first.start(now);
    assert_eq!(wake_at(&c, Timer::Abort), Some(turn_began + DAY));
}

#[test]
fn the_view_says_whether_the_game_is_rated_and_shows_labels_a_host_gives() {
    let t = online(Some(TimeControl::live(60_000, 0)));
    let mut v = t.view("g", 0, 0, HostFacts::default());
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["rated"], false);
    assert_eq!(json["clocks"]["per_move"], false);
    assert!(json.get("players").is_none());
    v.players = Some(PlayersView {
        white: PlayerLabel {
            name: Some("alice".into()),
            rating: Some(1500),
            provisional: true,
            change: None,
        },
        black: PlayerLabel::default(),
    });
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(
        json["players"],
        serde_json::json!({
            "white": {"name": "alice", "rating": 1500, "provisional": true, "change": null},
            "black": {"name": null, "rating": null, "provisional": false, "change": null}
        })
    );
}
