#!/usr/bin/env python3
"""A Sea Battle bot for `seabattle league` (docs/bot-protocol.md): a random legal fleet, hunt-and-target shooting."""
import json, random, sys

def say(line): print(line, flush=True)
def cell(c, r): return "%s%d" % (chr(97 + c), r + 1)
def parse(word): return (ord(word[0]) - 97, int(word[1:]) - 1)
shot, ring, hits, sure = set(), set(), [], []
for line in sys.stdin:
    cmd, *args = line.split(None, 1)
    if cmd == "seabattle": say("name pybot"); say("ready")
    elif cmd == "newgame":
        rules = json.loads(args[0]); w, h, fleet = rules["width"], rules["height"], rules["fleet"]; shot.clear(); ring.clear(); hits.clear(); sure.clear()
        pieces = ["mine"] * rules.get("mines", 0) + ["sweeper"] * rules.get("sweepers", 0) + ["sub"] * rules.get("subs", 0)
        own, mines, incoming, shown = set(), set(), set(), set()
    elif cmd == "place":
        while True:  # ships and pieces with a free ring around each: legal under every preset
            taken, ships = set(), []
            for n in fleet + [1] * len(pieces):
                for _ in range(200):
                    dc, dr = random.choice([(1, 0), (0, 1)]); c0, r0 = random.randrange(w - dc * (n - 1)), random.randrange(h - dr * (n - 1))
                    cells = [(c0 + dc * i, r0 + dr * i) for i in range(n)]
                    if not any((c + x, r + y) in taken for c, r in cells for x in (-1, 0, 1) for y in (-1, 0, 1)): break
                else: break
                taken.update(cells); ships.append(cell(*cells[0]) + ("-" + cell(*cells[-1]) if n > 1 else ""))
            if len(ships) == len(fleet) + len(pieces):
                spots = [parse(s) for s in ships[len(fleet):]]; mines = {p for p, k in zip(spots, pieces) if k == "mine"}; own = taken - set(spots)
                say("fleet " + " ".join(ships[:len(fleet)] + [k + ":" + cell(*p) for k, p in zip(pieces, spots)])); break
    elif cmd == "shoot":
        want, pick = int(args[0]) if args else 1, []
        near = [(c + x, r + y) for c, r in hits for x, y in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        free = [(c, r) for c in range(w) for r in range(h) if (c, r) not in shot]
        for p in [p for p in sure + near if p in free] + sorted(random.sample(free, len(free)), key=lambda p: p in ring):
            if p not in pick and len(pick) < want: pick.append(p)
        say("shot " + " ".join(cell(*p) for p in pick))
    elif cmd in ("result", "torpedo"):  # torpedo: our sunk submarine's dying shot, answered like our own
        p = parse(args[0].split()[0]); ans = args[0].split()[1]; shot.add(p)
        if ans == "hit": hits.append(p)
        elif ans == "sunk":  # the ship is p and the hits joined to it; the cells around it are last to try
            ship, grow = {p}, [p]
            while grow:
                c, r = grow.pop(); near = [q for q in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)) if q in hits and q not in ship]; ship.update(near); grow += near
            ring.update((c + x, r + y) for c, r in ship for x in (-1, 0, 1) for y in (-1, 0, 1)); hits[:] = [q for q in hits if q not in ship]
    elif cmd in ("incoming", "torpedoed"): incoming.add(parse(args[0].split()[0]))
    elif cmd == "reveal":  # we set off a mine (show a ship cell not hit) or a minesweeper (show a mine not spent)
        p = random.choice(sorted((own if args[0].strip() == "ship" else mines) - incoming - shown)); shown.add(p); say("show " + cell(*p))
    elif cmd == "move":  # our hit flying ship moves: a straight line (a path too) on cells not shot at
        n = int(args[0])
        while True:
            dc, dr = random.choice([(1, 0), (0, 1), (1, 1)]); c0, r0 = random.randrange(w - dc * (n - 1)), random.randrange(h - dr * (n - 1))
            cells = [(c0 + dc * i, r0 + dr * i) for i in range(n)]
            if not incoming.intersection(cells): say("ship " + "+".join(cell(*p) for p in cells)); break
    elif cmd == "moved": hits.clear()  # the enemy ship flew off: our hits mark decks it lost
    elif cmd == "shown":  # a ship cell to shoot for a sure hit, or a mine to keep off
        p = parse(args[0].split()[0]); (sure.append(p) if args[0].split()[1] == "ship" else shot.add(p))
    elif cmd == "quit": break
