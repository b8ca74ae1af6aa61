#!/usr/bin/env python3
"""How well the engine converts won Stacked Boards endings: a lone king against a king and
pieces placed at random (seeded), the engine playing both sides at a fixed depth through
the text protocol. Prints one line per material set: the positions whose winning side's
search announced a forced mate within the ply budget, and the median ply at which the
mate was delivered (the announcing ply plus the announced distance). Run it with two
builds side by side and compare.

    scripts/probes/convert.py target/release/spacechess [--depth 5] [--positions 20]
        [--plies 120] [--seed 1] [--sets QR,QQ,RR] [--weights FILE]

A set may give the defending king pieces after a slash: `QQ/q` is K+Q+Q against K+Q
(the queen endings where a defending queen's checks keep most games from ending).
"""
import argparse, random, statistics, subprocess

class Engine:
    def __init__(self, cmd, weights=None):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("setoption name Variant value stacked")
        self.send("setoption name Hash value 16")
        self.send("setoption name Threads value 1")  # one thread: the same games every run
        if weights:
            self.send(f"setoption name Weights value {weights}")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def go(self, start, moves, depth):
        self.send(f"position pos {start}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go depth {depth}")
        mate, over = None, False
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("engine ended")
            w = line.split()
            if w and w[0] == "info" and "score" in w and "depth" in w:
                i = w.index("score")
                mate = int(w[i + 2]) if w[i + 1] == "mate" else None
            elif w[:3] == ["info", "string", "error"]:
                if "the game is over" not in line:
                    raise SystemExit(line)
                over = True
            elif w and w[0] == "bestmove":
                return ("(none)" if over else w[1]), mate

    def close(self):
        self.send("quit")
        self.p.wait()


def board_string(cells):
    """cells: {(z, rank, file): letter}; all pieces written as moved."""
    boards = []
    for z in range(3):
        ranks = []
        for r in range(7, -1, -1):
            s, run = "", 0
            for f in range(8):
                c = cells.get((z, r, f))
                if c is None:
                    run += 1
                else:
                    if run:
                        s += str(run)
                        run = 0
                    s += c + "*"
            if run:
                s += str(run)
            ranks.append(s)
        boards.append("/".join(ranks))
    return "|".join(boards)


def random_position(rng, pieces):
    """White (the winning side) to move: K against a black king, with `pieces` (White's in
    upper case, Black's in lower case), kings not next to each other on one board. The
    caller asks the engine whether the string is legal (black not in check) and draws
    again if not."""
    while True:
        squares = rng.sample([(z, r, f) for z in range(3) for r in range(8) for f in range(8)], 2 + len(pieces))
        bk, wk = squares[0], squares[1]
        if bk[0] == wk[0] and abs(bk[1] - wk[1]) <= 1 and abs(bk[2] - wk[2]) <= 1:
            continue
        cells = {bk: "k", wk: "K", **dict(zip(squares[2:], pieces))}
        return f"{board_string(cells)} w 0 1"


def legal(engine, start):
    engine.send(f"position pos {start}")
    engine.send("go depth 1")
    ok = True
    while True:
        w = engine.p.stdout.readline().split()
        if w[:3] == ["info", "string", "error"]:
            ok = False  # the engine searches its old position: read on to its answer
        elif w and w[0] == "bestmove":
            return ok


def main():
    a = argparse.ArgumentParser()
    a.add_argument("binary")
    a.add_argument("--depth", type=int, default=5)
    a.add_argument("--positions", type=int, default=20)
    a.add_argument("--plies", type=int, default=120)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--sets", default="QR,QQ,RR", help="each set's pieces beside White's king, then Black's after a slash: QR, QQ/q")
    a.add_argument("--weights", help="a weights file for the engine's Weights option")
    args = a.parse_args()
    engine = Engine([args.binary, "engine"], args.weights)
    for material in args.sets.split(","):
        attack, _, defence = material.partition("/")
        rng = random.Random(f"{args.seed}-{material}")
        delivered = []
        for _ in range(args.positions):
            while True:
                start = random_position(rng, attack + defence)
                if legal(engine, start):
                    break
            moves, result = [], None
            while len(moves) < args.plies:
                best, mate = engine.go(start, moves, args.depth)
                if best in ("(none)", "0000"):
                    break
                if mate is not None and mate > 0 and len(moves) % 2 == 0:
                    result = len(moves) + 2 * mate - 1
                    break
                moves.append(best)
            if result is not None and result <= args.plies:
                delivered.append(result)
        med = statistics.median(delivered) if delivered else float("nan")
        print(f"K{attack} v K{defence.upper()}, depth {args.depth}: mate within {args.plies} plies in {len(delivered)}/{args.positions}, median ply {med}", flush=True)
    engine.close()


if __name__ == "__main__":
    main()
