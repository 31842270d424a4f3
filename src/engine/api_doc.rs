//! One line of documentation per `game:` primitive, for card authors.
//!
//! `wizwar defs` turns this table into the LuaLS definition file `cards/types/wizwar.d.lua`, and
//! `tests/luadefs.rs` checks that the table names exactly the primitives the engine installs, so
//! the definitions cannot drift from the API.

/// A primitive: its name, its parameters and result in LuaLS notation, and what it does.
pub struct ApiDoc {
    pub name: &'static str,
    /// `"p: integer, flags?: MoveFlags"` (without `self`).
    pub params: &'static str,
    /// LuaLS type of the result, or `""` for none.
    pub returns: &'static str,
    pub doc: &'static str,
}

const fn d(name: &'static str, params: &'static str, returns: &'static str, doc: &'static str) -> ApiDoc {
    ApiDoc { name, params, returns, doc }
}

/// Every primitive, grouped as in `api.rs`: queries, board, changes, flow.
pub const API_DOCS: &[ApiDoc] = &[
    // Queries
    d("players", "", "Player[]", "Every player, in seat order, living or dead."),
    d("player", "p: integer", "Player", "One player by id (0, 1, ...)."),
    d("turn", "", "Turn", "The turn: number, round, active player, phase and the turn's vars."),
    d("result", "", "Result?", "The game's result once it is over, else nil."),
    d("card", "c: integer", "Card", "A card instance with its definition's metadata."),
    d("card_def", "key: string", "Card?", "A card definition by file key or by name (any case), as a card table; nil if unknown."),
    d("card_keys", "", "string[]", "The keys of every card definition the ruleset loaded."),
    d("hand", "p: integer", "integer[]", "The card ids in a player's hand."),
    d("play_area", "p: integer", "integer[]", "The card ids in a player's play area (items carried, spells maintained)."),
    d("pile", "name: string", "integer[]", "The card ids of a named pile (deck, discard...), top first."),
    d("objects", "", "Object[]", "Every object in the game (on the board or carried)."),
    d("object", "id: integer", "Object?", "One object, or nil if it is gone."),
    d("objects_at", "s: Square", "Object[]", "The objects lying in a square."),
    d("wizards_at", "s: Square", "integer[]", "The ids of the living wizards in a square."),
    d("config", "", "table", "The ruleset's `[config]` numbers from ruleset.toml."),
    d("option", "name: string", "any", "The value of an optional rule (an error if the ruleset has no such option)."),
    d("stack", "", "StackEntry[]", "The response stack, bottom first."),
    d("vars", "", "table", "The game's own variables (set with set_var)."),
    d("card_data", "c: integer, key: string", "any", "One value of a card's private data (cards use ctx.data instead)."),
    d("has_hook", "c: integer, hook: string", "boolean", "Does the card define this hook?"),
    // Board
    d("board_size", "", "integer, integer", "Width and height of the board in squares."),
    d("squares", "", "Square[]", "Every square of the board."),
    d("sector_of", "s: Square", "integer?", "The sector a square belongs to."),
    d("sector_count", "", "integer", "How many sectors the board has."),
    d("sector_squares", "i: integer", "Square[]", "The squares of a sector slot."),
    d("home", "i: integer", "Square", "The home square of a sector slot."),
    d("treasure_starts", "i: integer", "Square[]", "The printed treasure squares of a sector slot."),
    d("home_sector_at", "s: Square", "integer?", "The sector whose home square this is, if it is one."),
    d("los", "a: Square, b: Square", "boolean", "Line of sight between two squares (symmetric)."),
    d("los_bent", "a: Square, b: Square", "Square?", "A square from which b is seen by a line with one bend at a, if any."),
    d("line_squares", "a: Square, b: Square", "Square[]?", "The squares a line of sight from a to b passes through, after a and ending with b (the shortest such line); nil without line of sight."),
    d("los_edge", "a: Square, e: Edge, any?: boolean", "boolean", "Line of sight to an edge's midpoint (or, with any = true, to any point of it)."),
    d("los_object", "a: Square, id: integer", "boolean", "Line of sight to an object (an obstacle on an edge, or the square of a plain object)."),
    d("adjacent", "a: Square, b: Square", "boolean", "Adjacent for spells: the same square or a neighbour (through a link too), and in line of sight."),
    d("sight_limit", "", "integer?", "How many steps any line of sight reaches now; nil: no limit."),
    d("visible_from", "a: Square", "Square[]", "Every square in line of sight of a."),
    d("neighbours", "s: Square", "Neighbour[]", "The square beyond each side (through links at the rim), terrain ignored."),
    d("edge", "e: Edge", "EdgeInfo", "What stands on an edge: barrier, printed terrain, door state, damage, obstacles."),
    d("edges_around", "s: Square", "table<string, EdgeInfo>", "The lines around square s (up to four), keyed \"x,y,S\" by their canonical names."),
    d("edges_in_sight", "a: Square, any?: boolean", "table<string, boolean>", "Every wall and door line seen from square a (its midpoint, or any point of it with any = true), keyed \"x,y,S\": one call for what los_edge tells line by line."),
    d("edges", "filter?: \"open\"|\"wall\"|\"door\"|{barrier?: string, created_by?: integer, seen_from?: Square, seen_at?: \"any_point\"|\"centre\"}", "EdgeInfo[]", "Every line of the board once (square by square, sides N, E, S, W), or only those holding that barrier now, made by that card, or seen from a square (at its centre, or at any point)."),
    d("steps", "p: integer, flags?: MoveFlags", "Step[]", "The single steps a wizard may take now, with the doors and walls as they are."),
    d("path", "a: Square, b: Square, flags?: MoveFlags", "Square[]?", "A shortest path from a to b (the squares after a), or nil."),
    d("reachable", "a: Square, points: integer, flags?: MoveFlags", "{square: Square, cost: integer}[]", "Every square reachable from a with so many movement points."),
    d("distance", "a: Square, b: Square", "integer?", "Steps between two squares ignoring walls, through links; nil if unconnected."),
    d("run", "a: Square, dir: Dir, max: integer, flags?: MoveFlags", "Run", "A straight line from a: the squares passed and why it stopped."),
    d("random_direction", "roll: integer, base: Dir", "Dir", "The direction a die roll (1-4) gives, counted clockwise from base."),
    // Changes
    d("set_life", "p: integer, n: integer", "", "Set a player's life (rules apply caps and deaths, not this)."),
    d("set_alive", "p: integer, alive: boolean", "", "Mark a player alive or dead (dead wizards leave the board)."),
    d("set_token", "p: integer, name: string, n: integer", "", "Set how many tokens of a kind a player has (0 removes them)."),
    d("set_player_var", "p: integer, key: string, v: any", "", "Set one of a player's variables."),
    d("set_turn_var", "key: string, v: any", "", "Set a variable that lasts until the turn ends."),
    d("set_var", "key: string, v: any", "", "Set a game variable."),
    d("set_card_data", "c: integer, key: string, v: any", "", "Set one value of a card's private data (cards use ctx.data.key = v)."),
    d("new_card", "key: string, zone: Zone", "integer", "Create a new copy of a card (by key or name) in a zone; returns its id."),
    d("move_card", "c: integer, zone: Zone, opts?: {bottom?: boolean}", "", "Move a card to a zone (top of a pile unless bottom = true). A card taken off the stack leaves its entry there, without the card."),
    d("set_card", "c: integer, fields: {controller?: integer, target?: any, energy?: integer}", "", "Change a card instance's controller, target or energy tokens."),
    d("shuffle_pile", "name: string", "", "Shuffle a pile with the game's dice."),
    d("place_wizard", "p: integer, s: Square", "", "Put a wizard on a square (no events: rules emit them)."),
    d("create_object", "spec: ObjectSpec", "integer", "Put a new object on the board or in a wizard's hands; returns its id."),
    d("set_object", "id: integer, fields: ObjectSpec", "", "Change an object's flags, damage, data, owner or place."),
    d("remove_object", "id: integer", "", "Take an object out of the game (its card waits, out of play, to be moved)."),
    d("create_barrier", "e: Edge, door: boolean, by?: integer", "", "Put a wall (or a door) on an empty edge; by names the card that made it."),
    d("destroy_barrier", "e: Edge", "", "Remove the wall or door on an edge (orphaned columns go with it)."),
    d("unmake_barrier", "e: Edge, by?: integer", "", "Take away a created wall or door (with by: only one that card created): the edge is again what it was before (open, the printed wall, or the ruin of a destroyed one)."),
    d("restore_edge", "e: Edge", "", "Put an edge back as printed."),
    d("set_sight_limit", "n?: integer", "", "Limit every line of sight to n steps from its source (terrain ignored); nil lifts it."),
    d("set_edge_damage", "e: Edge, n: integer", "", "Set the damage (cracks or points, as the ruleset counts) on a wall or door."),
    d("set_door_open", "e: Edge, open: boolean", "", "Open or close a door."),
    d("set_door_tag", "e: Edge, key: string, value?: any", "", "Set (nil: remove) one of the ruleset's tags on a door (who holds it, who owns it...); the kernel reads none."),
    d("turn_sector", "sector: integer, quarters: integer, fate?: SeamFate", "table", "Turn a sector slot by quarter turns clockwise; returns what moved."),
    d("swap_sectors", "a: integer, b: integer, fate?: SeamFate", "table", "Exchange two sector slots' contents; returns what moved."),
    d("remove_warps", "name: string", "integer", "Remove the layout's warps with this name (whole rim sides glued together); those sides wrap as usual. Returns how many."),
    d("arrange_board", "spec: table", "", "Rebuild the board from a layout spec (setup only)."),
    // Flow
    d("roll", "sides: integer", "integer", "Roll a die with the game's seeded dice (logged)."),
    d("shuffle", "list: any[]", "any[]", "A shuffled copy of a list, with the game's dice."),
    d("choose", "p: integer, kind: string, prompt: string, options: Option[], opts?: {min?: integer, max?: integer, pass?: string}", "string, integer", "Ask a player to choose among options (records; an option's key is its own `key`, else made from its fields); returns the chosen key and its position in options (with opts.min or opts.max other than 1: the list of keys chosen, and nil)."),
    d("before", "name: string, payload: table", "table?", "Run an event's before stage: the payload as handlers left it, or nil if one cancelled it."),
    d("after", "name: string, payload: table", "", "Log an event and run its after stage (`on_<name>` handlers)."),
    d("log", "event: string, data?: table", "", "Append an entry to the event log (no handlers run)."),
    d("call_card", "c: integer, hook: string, extra?: table, arg?: any", "any", "Call one of a card's hooks with a ctx built from extra; nil if it has none."),
    d("card_action", "c: integer, action: string, extra?: table, arg?: any", "any", "Run one of the named `actions` a card offers."),
    d("push_stack", "entry: {card?: integer, controller: integer, kind?: string, target?: any, energy?: integer, marks?: table}", "integer", "Put an entry on the response stack (its card moves there); returns its id."),
    d("pop_stack", "id: integer", "StackEntry", "Take an entry off the stack."),
    d("mark_stack", "id: integer, key: string, v: any", "", "Set a mark on a stack entry (cancelled, evaded, reduced...)."),
    d("stack_entry", "id: integer", "StackEntry?", "One entry of the stack, or nil."),
    d("set_result", "winner?: integer, reason: string", "", "End the game: the winner (nil for none) and why."),
    d("set_first_player", "p: integer", "", "Set who takes the first turn (setup)."),
    d("give_extra_turn", "p: integer", "", "p takes an extra turn next, out of seat order (after extra turns already given); then play resumes where it was."),
    d("end_phase", "", "", "End the current phase once the running action is done."),
    d("end_turn", "", "", "End the turn once the running action is done."),
];
