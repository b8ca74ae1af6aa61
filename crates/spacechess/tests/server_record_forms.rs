//! `GET /api/games/{id}/record?form=…`: our own form by default, the public Fourfold
//! game's form (PGN4D v1) on request, and clear errors for anything else.

mod server_common;

use serde_json::json;
use server_common::{first_move, Server};

#[test]
fn a_fourfold_record_in_the_public_form() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = g["id"].as_str().unwrap().to_string();
    s.play(&id, &first_move(&g));
    let r = s.post(
        &format!("/api/games/{id}/resign"),
        json!({ "side": "black" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // Each move's evaluation is written to the record when its short search ends, which
    // may fall between two reads: read the forms until the record is the same around them.
    let record = || s.get(&format!("/api/games/{id}/record")).body;
    let (own, own_form, public) = (0..100)
        .find_map(|_| {
            let own = record();
            let own_form = s.get(&format!("/api/games/{id}/record?form=own")).body;
            let public = s.get(&format!("/api/games/{id}/record?form=public"));
            if record() == own {
                return Some((own, own_form, public));
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
            None
        })
        .expect("the record kept changing");
    assert_eq!(own_form, own);
    assert_eq!(public.status, 200, "{}", public.body);
    assert!(public
        .header("content-type")
        .unwrap()
        .starts_with("text/plain"));
    let text = public.body;
    assert_eq!(text, rules::fourfold::public_form(&own).unwrap());
    for tag in [
        "[Variant \"Fourfold-4x4x2x2\"]",
        "[Format \"PGN4D\"]",
        "[SetUp \"1\"]",
        "[Result \"*\"]",
        "[DeclaredResult \"1-0\"]",
        "[Event \"Casual game\"]",
    ] {
        assert!(text.contains(tag), "{tag}\n{text}");
    }
    let (back, _) = rules::any::import_record(&text).unwrap();
    let (mine, _) = rules::any::import_record(&own).unwrap();
    assert_eq!(back.status(), mine.status());
    assert_eq!(back.position_string(), mine.position_string());
}

#[test]
fn other_forms_and_variants_are_refused() {
    let s = Server::start(&[]);
    let g = s.create(json!({ "variant": "fourfold", "mode": "local" }));
    let id = g["id"].as_str().unwrap();
    let r = s.get(&format!("/api/games/{id}/record?form=pgn"));
    assert_eq!((r.status, r.code().as_str()), (400, "bad_request"));
    assert!(r.body.contains("own or public"), "{}", r.body);
    let g = s.create(json!({ "variant": "trid", "mode": "local" }));
    let id = g["id"].as_str().unwrap();
    let r = s.get(&format!("/api/games/{id}/record?form=public"));
    assert_eq!((r.status, r.code().as_str()), (400, "bad_request"));
    assert!(r.body.contains("not trid"), "{}", r.body);
}
