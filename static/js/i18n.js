// Every player-facing string, in English and German: the one owner of the table's text.
// Python answers codes and parameters (refusals, hint reasons, card names); `t` words them.
// Parameter conventions (hearts/table/protocol.py): a param named `card` or ending in `_card`
// is a card name ("QS"), `cards` / `_cards` a list of them, `suit` / `_suit` a suit letter,
// `seat` / `_seat` a seat number; they are shown as card labels, suit names and seat names.

const STRINGS = {
  en: {
    title: "Hearts",
    loading: "Loading the table…",
    loadingPython: "Starting Python…",
    loadingSlow: "Still starting Python… (the first visit downloads about 14 MB)",
    dealing: "Dealing…",
    loadFailed: "The game could not start: {message}",
    newMatch: "New match",
    undo: "Undo",
    hint: "Hint",
    scores: "Score sheet",
    stats: "Statistics",
    replayNote: "A replayed deal: this match no longer counts in the statistics.",
    lbShort: "★ Leaderboard:",
    lbHand: "hand {n}: {value}",
    lbLong: "Your leaderboard score: 13 minus your points per hand, a place bonus at the end",
    chartScores: "Every player's total after each hand",
    chartTarget: "target {n}",
    leaderboardMatch: "Your leaderboard score in this match: {score}",
    corruptStats:
      "The saved statistics could not be read, so they start again. The old ones are kept in this browser under “{key}”.",
    st: {
      title: "Statistics",
      matches: "Matches",
      wins: "Won",
      hands: "Hands",
      leaderboard: "Leaderboard",
      average: "Points per hand",
      places: "Places",
      placeCount: "{place}. ×{n}",
      moons: "Moons",
      moonsLine: "{shot} shot · {suffered} suffered · {stopped} stopped",
      queens: "Q♠ taken",
      jacks: "J♦ taken",
      bestWorst: "Best / worst match (leaderboard)",
      streak: "Wins in a row",
      streakLine: "{now} now · best {best}",
      chartTitle: "Your leaderboard score in the last {n} matches",
      chartEmpty: "The chart of your leaderboard score appears after two matches.",
      leaderboardHelp:
        "Leaderboard score: each hand 13 minus your points (never below 0; a moon you shot gives 13), plus 30 / 15 / 5 for 1st / 2nd / 3rd place.",
      byPlayers: "By number of players",
      byLevel: "By the computer players' level",
      playersN: "{n} players",
      mixed: "mixed",
      top: "Your 10 best matches",
      col: { date: "Date", rules: "Rules", bots: "Opponents", place: "Place", score: "Score" },
      countHelp:
        "A match counts once, when it ends. Replayed deals and unfinished matches do not count. A moon is stopped when one other player took every point card but one or two, and you took those.",
      reset: "Reset statistics",
      confirmReset: "Reset all statistics? This cannot be undone.",
    },
    settings: "Settings",
    lastTrick: "Last trick",
    close: "Close",
    cancel: "Cancel",
    ok: "OK",
    handN: "Hand {n}",
    toTarget: "to {n}",
    you: "You",
    seatNames: ["Sam", "Alice", "Bob", "Carol", "Dave", "Eve"],
    level: { human: "", easy: "easy", normal: "normal", strong: "strong" },
    passTo: {
      left: "Pass {n} cards to the left, to {name}",
      right: "Pass {n} cards to the right, to {name}",
      across: "Pass {n} cards across, to {name}",
      seats: "Pass {n} cards {k} seats to the left, to {name}",
    },
    passShort: { left: "Pass left", right: "Pass right", across: "Pass across", seats: "Pass {k} left", none: "No passing" },
    passButton: "Pass {count}/{n}",
    passWaiting: "Waiting for the others to pass…",
    heartsBroken: "Hearts broken",
    yourTurn: "Your turn",
    yourTurnLead: "Your lead",
    takesTrick: "{name} takes the trick",
    takeTrickYou: "You take the trick",
    moon: "{name} shot the moon! Everyone else gets +{value}.",
    moonYou: "You shot the moon! Everyone else gets +{value}.",
    moonSubtract: "{name} shot the moon and takes −{value}.",
    moonSubtractYou: "You shot the moon and take −{value}.",
    sun: "{name} shot the sun! Everyone else gets +{value}.",
    sunYou: "You shot the sun! Everyone else gets +{value}.",
    sunSubtract: "{name} shot the sun and takes −{value}.",
    sunSubtractYou: "You shot the sun and take −{value}.",
    resultTitle: "Hand {n}",
    matchOver: "Match over",
    youWin: "You win!",
    youShare: "You share the win!",
    winnerOne: "{name} wins.",
    winnersMany: "{names} share the win.",
    placeN: "{n}.",
    nextHand: "Next hand",
    sameDeal: "Same deal again",
    playAgain: "Play again",
    pointsHand: "This hand",
    total: "Total",
    hand: "Hand",
    pass: "Pass",
    noHandsYet: "No hand finished yet.",
    confirmNew: "Start a new match? The current match will be lost.",
    start: "Start new match",
    welcome:
      "Play Hearts against the computer: choose the table and the house rules, then start. Everything can be changed later in the settings.",
    apply: "Done",
    corruptSave:
      "The saved game could not be resumed, so a new match has started. The old save is kept in this browser under “{key}”.",
    corruptSettings: "The saved settings could not be read and were reset. The old ones are kept under “{key}”.",
    storageFailed: "This browser does not let the game save; progress is lost on reload.",
    autoPlayed: "Time is up: the computer played for you.",
    clockLeft: "{s} s",
    clockGrace: "Time! {s}",
    keysHelp:
      "Keys: 1–9, then A S D F G H J K pick a card (the key shows on it) · ←/→ and Enter · T reads the table · B score sheet · R hint · U undo · L last trick · C clock off · Esc close",
    deal: "Deal #{seed}",
    counters: { points: "points this hand", hearts: "hearts", queen: "Q♠", jack: "J♦" },
    data: {
      section: "Your data and the offline copy",
      help: "A file holds the running match, the settings and the statistics: keep it as a backup or take it to another browser.",
      export: "Export to a file",
      import: "Import from a file…",
      exported: "Saved as {name}.",
      confirmImport: "Replace {what} in this browser with the ones from the file?",
      what: { save: "the running match", settings: "the settings", stats: "the statistics" },
      imported: "Imported. The game reloads…",
      bad: "This file cannot be imported, nothing was changed: {reason}",
      reasons: {
        tooBig: "it is larger than 1 MB.",
        notJson: "it is not a JSON file.",
        notBackup: "it is not a Hearts export.",
        version: "its version ({version}) is unknown.",
        unknownKey: "it has an unknown item “{key}”.",
        empty: "it holds no match, settings or statistics.",
        badSetting: "the setting “{key}” is not valid.",
        badRules: "the house rules are not valid ({message}).",
        badStats: "the statistics are not valid ({message}).",
        badSave: "the saved match cannot be resumed ({message}).",
        storeFailed: "this browser refused to store it.",
      },
      clear: "Clear the offline copy",
      clearHelp:
        "If the game misbehaves after an update: it is downloaded again (needs a connection). Matches, settings and statistics stay.",
      confirmClear: "Clear the offline copy and download the game again? Matches, settings and statistics stay.",
      clearOffline: "No connection: the offline copy is kept.",
      updateReady: "A new version of the game is ready.",
      updateReload: "Reload now",
      updateLater: "Later",
    },
    spoken: {
      ranks: {
        2: "two",
        3: "three",
        4: "four",
        5: "five",
        6: "six",
        7: "seven",
        8: "eight",
        9: "nine",
        T: "ten",
        J: "jack",
        Q: "queen",
        K: "king",
        A: "ace",
      },
      suits: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
      card: "{rank} of {suit}",
    },
    cardState: { received: "received", notPlayable: "not playable: {reason}", key: "key {key}" },
    log: {
      label: "Game announcements",
      play: "{seat} plays {card}.",
      playYou: "You play {card}.",
      trick: "{seat} takes the trick, points: {points}.",
      trickYou: "You take the trick, points: {points}.",
      heartsBroken: "Hearts are broken.",
      received: "You received {cards} from {seat}.",
      yourLead: "Your lead.",
      yourLeadCard: "Your lead: {card} opens the first trick.",
      yourFollow: "Your turn: you must follow {suit}.",
      yourVoid: "Your turn: you have no {suit}, any card.",
      yourPass: "Hand {n}. {pass} Your cards: {hand}.",
      handOver: "Hand {n} over. This hand: {scores}. Totals: {totals}.",
      newHand: "Hand {n}.",
      seatScore: "{seat} {score}",
      trickSoFar: "On the table: {plays}.",
      trickEmpty: "No card on the table.",
      playedBy: "{seat} {card}",
      turn: "{seat} to play.",
      turnYou: "Your turn.",
      scoresNow: "Scores: {scores}.",
      pointsNow: "Points taken this hand: {scores}.",
      suitCount: "{n} {suit}",
      handLeft: "Your cards: {counts}.",
      clockWarn: "{s} seconds left. Press C to switch the clock off.",
      clockOff: "The clock is off. The settings can switch it on again.",
    },
    ranks: { T: "10", J: "J", Q: "Q", K: "K", A: "A" },
    suitNames: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
    rulesRefused: "Your saved house rules cannot be used ({reason}): this match uses the usual rules.",
    settingsRefused: "Your saved settings cannot be used ({reason}): this match uses the usual ones.",
    rulesProblem: {
      deck_uneven: "{size} cards do not deal evenly to {players} players: remove other cards",
      no_club: "the deck needs a club to lead the first trick",
      queen_removed: "the queen of spades cannot be removed",
      jack_removed: "the jack of diamonds rule needs the jack of diamonds in the deck",
      moon_needs_jack: "a moon with the jack needs the jack of diamonds rule",
      sun_needs_moon: "the sun needs the moon: with no moon there is no sun",
      range: "{rule} must be between {min} and {max}",
      target: "the match needs a target of at least 1 point",
      unknown: "unknown rule {rule}",
      not_object: "the house rules are not readable",
      value: "the value of {rule} is not allowed",
    },
    illegal: {
      wrap: "You can't play {played_card} now: {reason}.",
      not_in_hand: "it is not in your hand",
      must_lead_card: "the first trick is led with {card}",
      must_follow: "you must follow {suit}",
      no_points_first_trick: "no points on the first trick while you have other cards",
      hearts_not_broken: "hearts are not broken yet",
    },
    together: {
      handoff: "Pass the device to {name}",
      handoffHint: "Only {name} should look: the hand shows after the button.",
      reveal: "{name}: show my cards",
      host: "Play with friends",
      hostIntro:
        "Send each friend the invitation for a seat (the link or the QR code). Their page answers with a code: paste it here and connect. Seats left free get bots.",
      hostRejoin: "A friend who dropped out can come back: send a new invitation for that seat.",
      invite: "Invitation for {name}",
      answerCode: "Answer code from {name}",
      connect: "Connect",
      copy: "Copy",
      copied: "Copied",
      state: { waiting: "waiting", connected: "connected", away: "away — a bot plays", bot: "bot" },
      hostStart: "Start the match",
      joinTitle: "Join the table",
      joinPreparing: "Preparing the answer…",
      joinAnswer: "Send this code back to the host (copy it, or let them scan the QR code):",
      joinWaiting: "Waiting for the host to connect…",
      joinBad: "This invitation cannot be read. Ask the host for a new one.",
      connectBad: "This answer code does not fit the invitation: ask {name} for the code again.",
      hostLeft: "The host has left the table.",
      guestLeft: "{seat} dropped out: a bot plays for them.",
      guestBack: "{seat} is back at the table.",
      waitingNext: "Waiting for {names}…",
    },
    learnTool: "Learn",
    learn: {
      bar: "Learn hand",
      title: "Learn hand finished",
      done: "You took {points} points in this hand: in Hearts, fewer is better.",
      next: "You have seen how it works. Now try a real match against three computer players.",
      real: "Play a real match",
      start: "Learn to play (one hand with tips)",
    },
    tips: {
      titles: {
        pass: "Passing",
        lead: "The first lead",
        follow: "Follow suit",
        discard: "No card of that suit",
        "first-trick": "The first trick",
        "hearts-broken": "Hearts broken",
        queen: "Q♠ taken",
        moon: "Shooting the moon",
      },
      text: {
        pass: "Pick {count} cards to pass to {seat}. Everyone chooses at the same time, so you decide before you see what you get. Good to pass: Q♠, high spades and high hearts.",
        lead: "{seat} held {card}, so {seat} led it: the first trick always starts with {card}.",
        leadYou: "You hold {card}: lead it. The first trick always starts with {card}.",
        follow:
          "You must follow suit: play a {suit} card. The highest card of the suit led takes the trick, and every point in it.",
        discard: "You have no {suit}, so any card goes. A good moment to get rid of Q♠ or high hearts.",
        discardFirst:
          "You have no {suit}. On the first trick you still may not throw away hearts or Q♠ while you hold other cards.",
        firstTrick:
          "No points on the first trick: hearts and Q♠ may not be played on it unless a player holds nothing else. {seat} took it.",
        firstTrickAllowed:
          "At this table points may fall on the first trick too (a house rule). {seat} took it with {points} points.",
        heartsBroken: "Hearts are broken: {card} was played on a trick. From now on hearts may be led.",
        heartsBrokenQueen: "Q♠ was played, and at this table that breaks hearts too: from now on hearts may be led.",
        queen: "{seat} took Q♠: {points} points at once. Every heart counts 1.",
        queenYou: "You took Q♠: {points} points at once. Every heart counts 1.",
        moon: "So far every point ({points}) went to {seat}. Whoever takes every heart and Q♠ shoots the moon: the {value} points go to everyone else! Taking one heart stops it.",
        moonYou:
          "So far every point ({points}) went to you. Take every heart and Q♠ and you shoot the moon: the {value} points go to everyone else!",
        moonShotYou: "You shot the moon: all the points, so everyone else gets {value} instead.",
        firstTrickYou:
          "No points on the first trick: hearts and Q♠ may not be played on it unless a player holds nothing else. You took it.",
        firstTrickAllowedYou:
          "At this table points may fall on the first trick too (a house rule). You took it with {points} points.",
        moonShot: "{seat} shot the moon: all the points, so everyone else gets {value} instead.",
      },
    },
    review: {
      open: "Review",
      short: "Review",
      title: "Review of hand {n}",
      progress: "Strong bot's verdicts: {done} of {n}",
      thinking: "…",
      stepPass: "Pass {cards}",
      stepPlay: "Trick {n}: {card}",
      same: "✓ also the strong bot's choice",
      better: "Strong bot: {card} (≈ {loss} points better)",
      betterPass: "Strong bot: pass {cards} (≈ {loss} points better)",
      summary: "≈ {total} points lost to choices this hand; the biggest: {what} (≈ {loss}).",
      summaryNone: "No points lost to choices this hand: every choice was as good as the strong bot's.",
      budget: "Each verdict is the strong bot's search with a fixed budget ({ms} ms of work): the same on every device.",
      passed: "passed",
      received: "received",
      tricks: "Tricks (the winning card is marked)",
      taker: "→ {seat} +{points}",
      fair: "The bots played fair: each one decided from its own seat's view only (its cards, what it passed and received, the cards played). Pick a bot's card above to see exactly what that bot could see.",
      sawHelp: "Pick a bot's card in the tricks to see what it knew.",
      sawTitle: "{seat} played {card} in trick {n}, knowing:",
      sawHand: "Its cards",
      sawLegal: "Cards it could play",
      sawTrick: "The trick so far",
      sawPlayed: "Cards played before: {n} (seen by everyone)",
      sawNothingElse: "Nothing else: no other seat's cards.",
    },
    share: {
      open: "Share",
      title: "Share this deal",
      help: "This link opens deal #{n} with the same house rules and computer players: for a friend, or to play it again yourself.",
      link: "Link to this deal",
      copy: "Copy link",
      system: "Share…",
      copied: "Link copied.",
      copyManually: "Copy the selected link.",
      text: "Hearts: how would you play deal #{n}?",
      bad: "This shared link cannot be opened, nothing was changed: {reason}",
    },
    errors: {
      bad_share: "the link is damaged or was changed.",
      learn_over: "The learn hand is over: start a real match.",
      bad_request: "That is not possible right now.",
      bad_pass: "Choose exactly {count} cards to pass.",
      bad_stats: "The statistics are not valid.",
      not_your_turn: "It is not your turn.",
      wrong_phase: "That is not possible right now.",
      nothing_to_undo: "There is nothing to undo.",
      no_match: "No match is running.",
      worker: "Python stopped working: reload the page.",
      forged: "A move for another seat was refused.",
      not_a_guest: "That seat has no guest.",
      seat_away: "Your seat is played by a bot until you reconnect.",
      not_a_person: "That seat is played by a bot.",
      assist_off: "Hints and undo are off at this table.",
      bad_seat: "There is no such seat.",
      bad_message: "The message could not be read.",
    },
    s: {
      game: "Game",
      person: "person (at this device)",
      names: "Names (empty: the usual name)",
      assist: "Hints and undo with several persons",
      stun: "STUN/TURN server for play across networks (empty: none, same network only)",
      rules: "House rules",
      table: "Table",
      players: "Players",
      preset: "Rule set",
      custom: "Custom",
      queen_points: "Q♠ counts",
      passing: "Passing",
      passingOpt: {
        alternating: "Alternating (left, right, …, none)",
        left: "Always left",
        none: "No passing",
        custom: "Custom cycle",
      },
      passing_custom: "Pass offsets per hand (e.g. 1 2 3 0)",
      pass_count: "Cards passed",
      qs_breaks_hearts: "Q♠ breaks hearts",
      points_on_first_trick: "Points allowed on the first trick",
      moon: "Shooting the moon",
      moonOpt: {
        others: "Everyone else gets the points",
        choice: "Shooter's choice",
        subtract: "Shooter subtracts (new moon)",
        off: "Off",
      },
      sun: "Shooting the sun (every trick) counts double",
      jack_of_diamonds: "J♦ counts −10",
      moon_needs_jack: "The moon also needs J♦",
      target: "Match ends at",
      ties: "Ties",
      tiesOpt: { share: "Shared win", "play-on": "Play on until one leads" },
      removed: "Cards removed",
      bots: "Computer players",
      seed: "Deal number (empty: random)",
      language: "Language",
      speed: "Animation speed",
      speedOpt: { slow: "Slow", calm: "Calm", normal: "Normal", fast: "Fast", instant: "Instant" },
      dim: "Dim cards you may not play",
      count: "Count points at every seat",
      clock: "Think-time clock",
      clockOff: "Off",
      fourColour: "Four-colour deck",
      derived: "{size} cards each · {lead} leads · moon {moon} · passing: {cycle}",
      presetNames: {
        classic: "Classic",
        "quick-50": "Quick (to 50)",
        omnibus: "Omnibus (J♦ −10)",
        "three-players": "Three players",
        "five-players": "Five players",
        "six-players": "Six players",
        "wikipedia-3": "Three players, no 2s (Q♠ 12)",
        "wikipedia-5": "Five players, passing 1–4",
        "wikipedia-6": "Six players, no 2s (Q♠ 12)",
        sun: "With the sun",
        "new-moon": "New moon",
        "moon-choice": "Moon: shooter's choice",
      },
    },
    reasons: {
      // Hint reasons: Python answers {code, params} (py/hearts/bots/advice.py REASON_CODES);
      // card/cards params are card codes, suit a suit letter, seat a seat number.
      only_card: "{card} is your only legal card.",
      all_alike: "Your cards play alike here: {card} is as good as any.",
      search_better: "{card}: ≈{points} points expected in this hand, against ≈{rule_points} for {rule_card}, the usual choice.",
      moon_shoot:
        "Shoot the moon: {card} keeps you on course to take every point (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      moon_call_off: "Not worth trying for the moon: play {card} (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      stop_moon_lead_heart:
        "Stop {seat}'s moon: lead {card}, the top heart left, and take a heart yourself (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      stop_moon_take: "Stop {seat}'s moon: take this trick with {card} (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      stop_moon_no_feed:
        "{seat} is after the moon: give nothing that scores, discard {card} (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      lead_no_one_follows:
        "Lead {card}: every other suit is worse to lead now (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      lead_flush_queen: "Lead the low {card}: spades drive out Q♠ (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      lead_winner: "Lead {card}: nothing left in {suit} beats it (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      lead_safest: "Lead {card}: {suit} is the safest suit to lead now (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      jack_take: "Take this trick with {card}: J♦ (−10) is in it (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      jack_win: "Win the trick with {card}: as the last card J♦ is safe (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      jack_keep: "Keep J♦ for a trick it can win: play {card} (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      first_trick_high:
        "No points can fall on the first trick: get rid of {card} (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      shed_on_free_trick:
        "Take this pointless trick with {card} to get rid of a high card (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      duck: "Duck under the {top_card} with {card} (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      drop_queen_under: "Drop Q♠ under the {top_card} (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      last_must_win: "Every card wins here: take it with the high {card} (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      cheap_win_high:
        "A cheap trick: win it with {card}, which would be a burden later (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      must_win_low: "Every card wins here: take it with the low {card} (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      dump_queen: "Dump Q♠ on a void (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      dump_high_spade: "Get rid of {card} before Q♠ lands on it (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      dump_heart: "Dump {card} on a void (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      discard_danger:
        "Discard {card}: a high card that would win tricks later (≈{points} points expected; {alt_card}: ≈{alt_points}).",
      pass_moon:
        "Pass {cards}: this hand can shoot the moon, keep the high cards (≈{points} points expected; passing {alt_cards}: ≈{alt_points}).",
      pass_queen:
        "Pass {cards}: Q♠ with fewer than {guards} low spades to guard it is too dangerous (≈{points} points expected; passing {alt_cards}: ≈{alt_points}).",
      pass_high_spades:
        "Pass {cards}: high spades without low ones would catch Q♠ (≈{points} points expected; passing {alt_cards}: ≈{alt_points}).",
      pass_void:
        "Pass {cards}: void in {suit}, so you can discard later (≈{points} points expected; passing {alt_cards}: ≈{alt_points}).",
      pass_danger:
        "Pass {cards}: high cards that would win tricks (≈{points} points expected; passing {alt_cards}: ≈{alt_points}).",
      pass_search_better: "Pass {cards}: ≈{points} points expected, against ≈{rule_points} for {rule_cards}, the usual choice.",
      pass_forced: "Pass {cards}.",
    },
  },
  de: {
    title: "Hearts",
    loading: "Der Tisch wird geladen…",
    loadingPython: "Python startet…",
    loadingSlow: "Python startet noch… (beim ersten Besuch werden etwa 14 MB geladen)",
    dealing: "Karten werden gegeben…",
    loadFailed: "Das Spiel konnte nicht starten: {message}",
    newMatch: "Neue Partie",
    undo: "Zurück",
    hint: "Rat",
    scores: "Bilanz",
    stats: "Statistik",
    replayNote: "Ein wiederholtes Spiel: Diese Partie zählt nicht mehr in der Statistik.",
    lbShort: "★ Rangliste:",
    lbHand: "Spiel {n}: {value}",
    lbLong: "Deine Ranglistenpunkte: 13 minus deine Punkte je Spiel, am Ende ein Platzbonus",
    chartScores: "Der Stand aller Spieler nach jedem Spiel",
    chartTarget: "Ziel {n}",
    leaderboardMatch: "Deine Ranglistenpunkte in dieser Partie: {score}",
    corruptStats:
      "Die gespeicherte Statistik war nicht lesbar und beginnt neu. Die alte ist in diesem Browser unter „{key}“ aufbewahrt.",
    st: {
      title: "Statistik",
      matches: "Partien",
      wins: "Gewonnen",
      hands: "Spiele",
      leaderboard: "Rangliste",
      average: "Punkte je Spiel",
      places: "Plätze",
      placeCount: "{place}. ×{n}",
      moons: "Monde",
      moonsLine: "{shot} geschossen · {suffered} erlitten · {stopped} verhindert",
      queens: "D♠ bekommen",
      jacks: "B♦ bekommen",
      bestWorst: "Beste / schlechteste Partie (Rangliste)",
      streak: "Siege in Folge",
      streakLine: "{now} derzeit · Rekord {best}",
      chartTitle: "Deine Ranglistenpunkte in den letzten {n} Partien",
      chartEmpty: "Die Kurve deiner Ranglistenpunkte erscheint nach zwei Partien.",
      leaderboardHelp:
        "Ranglistenpunkte: je Spiel 13 minus deine Punkte (nie unter 0; ein Mond von dir zählt 13), dazu 30 / 15 / 5 für Platz 1 / 2 / 3.",
      byPlayers: "Nach Zahl der Spieler",
      byLevel: "Nach Stärke der Computerspieler",
      playersN: "{n} Spieler",
      mixed: "gemischt",
      top: "Deine 10 besten Partien",
      col: { date: "Datum", rules: "Regeln", bots: "Gegner", place: "Platz", score: "Punkte" },
      countHelp:
        "Eine Partie zählt einmal, wenn sie endet. Wiederholte Spiele und unbeendete Partien zählen nicht. Ein Mond gilt als verhindert, wenn ein anderer Spieler alle Punktkarten bis auf eine oder zwei bekam und du diese.",
      reset: "Statistik zurücksetzen",
      confirmReset: "Die ganze Statistik zurücksetzen? Das lässt sich nicht rückgängig machen.",
    },
    settings: "Einstellungen",
    lastTrick: "Letzter Stich",
    close: "Schließen",
    cancel: "Abbrechen",
    ok: "OK",
    handN: "Spiel {n}",
    toTarget: "bis {n}",
    you: "Du",
    seatNames: ["Sam", "Anna", "Ben", "Cem", "Dana", "Emil"],
    level: { human: "", easy: "leicht", normal: "normal", strong: "stark" },
    passTo: {
      left: "Gib {n} Karten nach links, an {name}",
      right: "Gib {n} Karten nach rechts, an {name}",
      across: "Gib {n} Karten nach gegenüber, an {name}",
      seats: "Gib {n} Karten {k} Plätze nach links, an {name}",
    },
    passShort: {
      left: "Nach links",
      right: "Nach rechts",
      across: "Nach gegenüber",
      seats: "{k} nach links",
      none: "Kein Tausch",
    },
    passButton: "Weitergeben {count}/{n}",
    passWaiting: "Die anderen geben noch weiter…",
    heartsBroken: "Herz gebrochen",
    yourTurn: "Du bist dran",
    yourTurnLead: "Du spielst aus",
    takesTrick: "{name} nimmt den Stich",
    takeTrickYou: "Du nimmst den Stich",
    moon: "{name} hat den Mond geschossen! Alle anderen bekommen +{value}.",
    moonYou: "Du hast den Mond geschossen! Alle anderen bekommen +{value}.",
    moonSubtract: "{name} hat den Mond geschossen und bekommt −{value}.",
    moonSubtractYou: "Du hast den Mond geschossen und bekommst −{value}.",
    sun: "{name} hat die Sonne geschossen! Alle anderen bekommen +{value}.",
    sunYou: "Du hast die Sonne geschossen! Alle anderen bekommen +{value}.",
    sunSubtract: "{name} hat die Sonne geschossen und bekommt −{value}.",
    sunSubtractYou: "Du hast die Sonne geschossen und bekommst −{value}.",
    resultTitle: "Spiel {n}",
    matchOver: "Partie beendet",
    youWin: "Du gewinnst!",
    youShare: "Du teilst dir den Sieg!",
    winnerOne: "{name} gewinnt.",
    winnersMany: "{names} teilen sich den Sieg.",
    placeN: "{n}.",
    nextHand: "Nächstes Spiel",
    sameDeal: "Gleiche Karten nochmal",
    playAgain: "Nochmal spielen",
    pointsHand: "Dieses Spiel",
    total: "Gesamt",
    hand: "Spiel",
    pass: "Tausch",
    noHandsYet: "Noch kein Spiel beendet.",
    confirmNew: "Neue Partie beginnen? Die laufende Partie geht verloren.",
    start: "Neue Partie beginnen",
    welcome:
      "Spiel Hearts gegen den Computer: wähle Tisch und Hausregeln, dann geht es los. Alles lässt sich später in den Einstellungen ändern.",
    apply: "Fertig",
    corruptSave:
      "Das gespeicherte Spiel ließ sich nicht fortsetzen, darum beginnt eine neue Partie. Der alte Spielstand liegt in diesem Browser unter „{key}“.",
    corruptSettings:
      "Die gespeicherten Einstellungen waren nicht lesbar und wurden zurückgesetzt. Die alten liegen unter „{key}“.",
    storageFailed: "Dieser Browser lässt das Spiel nicht speichern; beim Neuladen geht der Stand verloren.",
    autoPlayed: "Die Zeit ist um: der Computer hat für dich gespielt.",
    clockLeft: "{s} s",
    clockGrace: "Zeit! {s}",
    keysHelp:
      "Tasten: 1–9, dann A S D F G H J K wählen eine Karte (die Taste steht darauf) · ←/→ und Enter · T liest den Tisch vor · B Bilanz · R Rat · U zurück · L letzter Stich · C Uhr aus · Esc schließen",
    deal: "Blatt Nr. {seed}",
    counters: { points: "Punkte in diesem Spiel", hearts: "Herzen", queen: "D♠", jack: "B♦" },
    data: {
      section: "Deine Daten und die Offline-Kopie",
      help: "Eine Datei enthält die laufende Partie, die Einstellungen und die Statistik: als Sicherung oder zum Umzug in einen anderen Browser.",
      export: "In eine Datei exportieren",
      import: "Aus einer Datei importieren…",
      exported: "Gespeichert als {name}.",
      confirmImport: "In diesem Browser durch den Inhalt der Datei ersetzen: {what}?",
      what: { save: "die laufende Partie", settings: "die Einstellungen", stats: "die Statistik" },
      imported: "Importiert. Das Spiel lädt neu…",
      bad: "Diese Datei lässt sich nicht importieren, es wurde nichts geändert: {reason}",
      reasons: {
        tooBig: "sie ist größer als 1 MB.",
        notJson: "sie ist keine JSON-Datei.",
        notBackup: "sie ist kein Hearts-Export.",
        version: "ihre Version ({version}) ist unbekannt.",
        unknownKey: "sie enthält einen unbekannten Eintrag „{key}“.",
        empty: "sie enthält weder Partie noch Einstellungen noch Statistik.",
        badSetting: "die Einstellung „{key}“ ist ungültig.",
        badRules: "die Hausregeln sind ungültig ({message}).",
        badStats: "die Statistik ist nicht gültig ({message}).",
        badSave: "die gespeicherte Partie lässt sich nicht fortsetzen ({message}).",
        storeFailed: "dieser Browser hat das Speichern verweigert.",
      },
      clear: "Offline-Kopie löschen",
      clearHelp:
        "Falls das Spiel nach einem Update hakt: es wird neu heruntergeladen (braucht eine Verbindung). Partien, Einstellungen und Statistik bleiben.",
      confirmClear: "Offline-Kopie löschen und das Spiel neu herunterladen? Partien, Einstellungen und Statistik bleiben.",
      clearOffline: "Keine Verbindung: die Offline-Kopie bleibt erhalten.",
      updateReady: "Eine neue Version des Spiels ist bereit.",
      updateReload: "Jetzt neu laden",
      updateLater: "Später",
    },
    spoken: {
      ranks: {
        2: "Zwei",
        3: "Drei",
        4: "Vier",
        5: "Fünf",
        6: "Sechs",
        7: "Sieben",
        8: "Acht",
        9: "Neun",
        T: "Zehn",
        J: "Bube",
        Q: "Dame",
        K: "König",
        A: "Ass",
      },
      suits: { C: "Kreuz", D: "Karo", H: "Herz", S: "Pik" },
      card: "{suit}-{rank}",
    },
    cardState: { received: "bekommen", notPlayable: "nicht spielbar: {reason}", key: "Taste {key}" },
    log: {
      label: "Ansagen zum Spiel",
      play: "{seat} spielt {card}.",
      playYou: "Du spielst {card}.",
      trick: "{seat} nimmt den Stich, Punkte: {points}.",
      trickYou: "Du nimmst den Stich, Punkte: {points}.",
      heartsBroken: "Herz ist gebrochen.",
      received: "Du hast {cards} von {seat} bekommen.",
      yourLead: "Du spielst aus.",
      yourLeadCard: "Du spielst aus: {card} eröffnet den ersten Stich.",
      yourFollow: "Du bist dran: du musst {suit} bedienen.",
      yourVoid: "Du bist dran: du hast kein {suit}, jede Karte geht.",
      yourPass: "Spiel {n}. {pass} Deine Karten: {hand}.",
      handOver: "Spiel {n} ist aus. Dieses Spiel: {scores}. Gesamt: {totals}.",
      newHand: "Spiel {n}.",
      seatScore: "{seat} {score}",
      trickSoFar: "Auf dem Tisch: {plays}.",
      trickEmpty: "Keine Karte auf dem Tisch.",
      playedBy: "{seat} {card}",
      turn: "{seat} ist dran.",
      turnYou: "Du bist dran.",
      scoresNow: "Stand: {scores}.",
      pointsNow: "Punkte in diesem Spiel: {scores}.",
      suitCount: "{n} {suit}",
      handLeft: "Deine Karten: {counts}.",
      clockWarn: "Noch {s} Sekunden. Mit C schaltest du die Uhr aus.",
      clockOff: "Die Uhr ist aus. In den Einstellungen lässt sie sich wieder einschalten.",
    },
    ranks: { T: "10", J: "B", Q: "D", K: "K", A: "A" },
    suitNames: { C: "Kreuz", D: "Karo", H: "Herz", S: "Pik" },
    rulesRefused: "Deine gespeicherten Hausregeln gehen nicht ({reason}): diese Partie hat die üblichen Regeln.",
    settingsRefused: "Deine gespeicherten Einstellungen gehen nicht ({reason}): diese Partie hat die üblichen.",
    rulesProblem: {
      deck_uneven: "{size} Karten lassen sich nicht gleichmäßig an {players} Spieler verteilen: nimm andere Karten heraus",
      no_club: "das Blatt braucht ein Kreuz für den ersten Stich",
      queen_removed: "die Pik-Dame kann nicht herausgenommen werden",
      jack_removed: "die Karo-Bube-Regel braucht den Karo-Buben im Blatt",
      moon_needs_jack: "ein Mond mit dem Buben braucht die Karo-Bube-Regel",
      sun_needs_moon: "die Sonne braucht den Mond: ohne Mond keine Sonne",
      range: "{rule} muss zwischen {min} und {max} liegen",
      target: "die Partie braucht ein Ziel von mindestens 1 Punkt",
      unknown: "unbekannte Regel {rule}",
      not_object: "die Hausregeln sind nicht lesbar",
      value: "der Wert von {rule} ist nicht erlaubt",
    },
    illegal: {
      wrap: "{played_card} geht jetzt nicht: {reason}.",
      not_in_hand: "die Karte hast du nicht",
      must_lead_card: "den ersten Stich eröffnet {card}",
      must_follow: "du musst {suit} bedienen",
      no_points_first_trick: "im ersten Stich keine Punktkarte, solange du andere hast",
      hearts_not_broken: "Herz ist noch nicht gebrochen",
    },
    together: {
      handoff: "Gib das Gerät an {name}",
      handoffHint: "Nur {name} sollte hinsehen: die Karten erscheinen nach dem Knopf.",
      reveal: "{name}: meine Karten zeigen",
      host: "Mit Freunden spielen",
      hostIntro:
        "Schick jedem Freund die Einladung für einen Platz (Link oder QR-Code). Seine Seite antwortet mit einem Code: füge ihn hier ein und verbinde. Freie Plätze bekommen Computer.",
      hostRejoin: "Wer die Verbindung verloren hat, kann zurückkommen: schick eine neue Einladung für den Platz.",
      invite: "Einladung für {name}",
      answerCode: "Antwort-Code von {name}",
      connect: "Verbinden",
      copy: "Kopieren",
      copied: "Kopiert",
      state: { waiting: "wartet", connected: "verbunden", away: "weg — ein Computer spielt", bot: "Computer" },
      hostStart: "Partie starten",
      joinTitle: "Am Tisch mitspielen",
      joinPreparing: "Die Antwort wird vorbereitet…",
      joinAnswer: "Schick diesen Code an den Gastgeber zurück (kopieren oder den QR-Code scannen lassen):",
      joinWaiting: "Warte, bis der Gastgeber verbindet…",
      joinBad: "Diese Einladung ist nicht lesbar. Bitte den Gastgeber um eine neue.",
      connectBad: "Dieser Antwort-Code passt nicht zur Einladung: bitte {name} noch einmal um den Code.",
      hostLeft: "Der Gastgeber hat den Tisch verlassen.",
      guestLeft: "{seat} ist weg: ein Computer spielt weiter.",
      guestBack: "{seat} ist wieder am Tisch.",
      waitingNext: "Warte auf {names}…",
    },
    learnTool: "Lernen",
    learn: {
      bar: "Lernspiel",
      title: "Lernspiel geschafft",
      done: "Du hast in diesem Spiel {points} Punkte bekommen: bei Hearts gilt, je weniger, desto besser.",
      next: "Jetzt weißt du, wie es geht. Probier eine echte Partie gegen drei Computerspieler.",
      real: "Echte Partie spielen",
      start: "Spielen lernen (ein Spiel mit Tipps)",
    },
    tips: {
      titles: {
        pass: "Weitergeben",
        lead: "Das erste Ausspielen",
        follow: "Farbe bedienen",
        discard: "Farbe nicht da",
        "first-trick": "Der erste Stich",
        "hearts-broken": "Herz gebrochen",
        queen: "Pik-Dame genommen",
        moon: "Den Mond schießen",
      },
      text: {
        pass: "Wähle {count} Karten, die du an {seat} weitergibst. Alle wählen gleichzeitig: du entscheidest, bevor du siehst, was du bekommst. Gut zum Weitergeben: D♠, hohe Pik und hohe Herz.",
        lead: "{seat} hatte {card} und hat sie ausgespielt: der erste Stich beginnt immer mit {card}.",
        leadYou: "Du hast {card}: spiel sie aus. Der erste Stich beginnt immer mit {card}.",
        follow:
          "Du musst Farbe bedienen: spiel eine {suit}-Karte. Die höchste Karte der ausgespielten Farbe nimmt den Stich mit allen Punkten darin.",
        discard: "Du hast kein {suit}, also geht jede Karte. Eine gute Gelegenheit, D♠ oder hohe Herz loszuwerden.",
        discardFirst:
          "Du hast kein {suit}. Im ersten Stich darfst du trotzdem kein Herz und nicht D♠ abwerfen, solange du andere Karten hast.",
        firstTrick:
          "Keine Punkte im ersten Stich: Herz und D♠ dürfen nicht hinein, außer jemand hat nichts anderes. {seat} hat ihn genommen.",
        firstTrickAllowed:
          "An diesem Tisch dürfen schon im ersten Stich Punkte fallen (Hausregel). {seat} hat ihn mit {points} Punkten genommen.",
        heartsBroken: "Herz ist gebrochen: {card} wurde in einen Stich gespielt. Ab jetzt darf Herz ausgespielt werden.",
        heartsBrokenQueen: "D♠ wurde gespielt, und an diesem Tisch öffnet das auch Herz: ab jetzt darf Herz ausgespielt werden.",
        queen: "{seat} hat D♠ genommen: {points} Punkte auf einmal. Jedes Herz zählt 1.",
        moon: "{seat} hat bisher alle {points} Punkte. Wer alle Herz und D♠ nimmt, schießt den Mond: dann bekommen alle anderen die {value} Punkte! Ein einziges Herz verhindert das.",
        queenYou: "Du hast D♠ genommen: {points} Punkte auf einmal. Jedes Herz zählt 1.",
        moonYou:
          "Du hast bisher alle {points} Punkte. Nimmst du alle Herz und D♠, schießt du den Mond: dann bekommen alle anderen die {value} Punkte!",
        moonShotYou: "Du hast den Mond geschossen: alle Punkte, also bekommen alle anderen {value}.",
        firstTrickYou:
          "Keine Punkte im ersten Stich: Herz und D♠ dürfen nicht hinein, außer jemand hat nichts anderes. Du hast ihn genommen.",
        firstTrickAllowedYou:
          "An diesem Tisch dürfen schon im ersten Stich Punkte fallen (Hausregel). Du hast ihn mit {points} Punkten genommen.",
        moonShot: "{seat} hat den Mond geschossen: alle Punkte, also bekommen alle anderen {value}.",
      },
    },
    review: {
      open: "Rückblick",
      short: "Rückblick",
      title: "Rückblick auf Spiel {n}",
      progress: "Urteile des starken Computers: {done} von {n}",
      thinking: "…",
      stepPass: "Weitergeben: {cards}",
      stepPlay: "Stich {n}: {card}",
      same: "✓ auch die Wahl des starken Computers",
      better: "Starker Computer: {card} (≈ {loss} Punkte besser)",
      betterPass: "Starker Computer: {cards} weitergeben (≈ {loss} Punkte besser)",
      summary: "≈ {total} Punkte durch Entscheidungen verloren; am meisten: {what} (≈ {loss}).",
      summaryNone: "Keine Punkte durch Entscheidungen verloren: jede Wahl war so gut wie die des starken Computers.",
      budget:
        "Jedes Urteil ist die Suche des starken Computers mit festem Aufwand ({ms} ms Rechenarbeit): auf jedem Gerät gleich.",
      passed: "gegeben",
      received: "bekommen",
      tricks: "Stiche (die stechende Karte ist markiert)",
      taker: "→ {seat} +{points}",
      fair: "Die Computer haben fair gespielt: jeder hat nur aus der Sicht seines Platzes entschieden (eigene Karten, was er gegeben und bekommen hat, die gespielten Karten). Wähle oben eine Karte eines Computers, um genau zu sehen, was er wissen konnte.",
      sawHelp: "Wähle in den Stichen eine Karte eines Computers, um zu sehen, was er wusste.",
      sawTitle: "{seat} spielte {card} in Stich {n} und wusste:",
      sawHand: "Seine Karten",
      sawLegal: "Karten, die er spielen durfte",
      sawTrick: "Der Stich bis dahin",
      sawPlayed: "Vorher gespielte Karten: {n} (für alle sichtbar)",
      sawNothingElse: "Sonst nichts: keine Karten anderer Plätze.",
    },
    share: {
      open: "Teilen",
      title: "Dieses Blatt teilen",
      help: "Dieser Link öffnet Blatt Nr. {n} mit denselben Hausregeln und Computerspielern: für Freunde oder um es selbst noch einmal zu spielen.",
      link: "Link zu diesem Blatt",
      copy: "Link kopieren",
      system: "Teilen…",
      copied: "Link kopiert.",
      copyManually: "Kopiere den markierten Link.",
      text: "Hearts: wie würdest du Blatt Nr. {n} spielen?",
      bad: "Dieser geteilte Link lässt sich nicht öffnen, es wurde nichts geändert: {reason}",
    },
    errors: {
      bad_share: "der Link ist beschädigt oder wurde verändert.",
      learn_over: "Das Lernspiel ist vorbei: beginne eine echte Partie.",
      bad_request: "Das geht gerade nicht.",
      bad_pass: "Wähle genau {count} Karten zum Weitergeben.",
      bad_stats: "Die Statistik ist nicht gültig.",
      not_your_turn: "Du bist nicht am Zug.",
      wrong_phase: "Das geht gerade nicht.",
      nothing_to_undo: "Es gibt nichts zurückzunehmen.",
      no_match: "Es läuft keine Partie.",
      worker: "Python arbeitet nicht mehr: lade die Seite neu.",
      forged: "Ein Zug für einen anderen Platz wurde abgelehnt.",
      not_a_guest: "Auf diesem Platz sitzt kein Gast.",
      seat_away: "Ein Computer spielt für dich, bis du wieder verbunden bist.",
      not_a_person: "Diesen Platz spielt ein Computer.",
      assist_off: "Tipps und Zurücknehmen sind an diesem Tisch aus.",
      bad_seat: "Diesen Platz gibt es nicht.",
      bad_message: "Die Nachricht ist nicht lesbar.",
    },
    s: {
      game: "Spiel",
      person: "Mensch (an diesem Gerät)",
      names: "Namen (leer: der übliche Name)",
      assist: "Tipps und Zurücknehmen bei mehreren Menschen",
      stun: "STUN/TURN-Server für Spiele über Netze hinweg (leer: keiner, nur im selben Netz)",
      rules: "Hausregeln",
      table: "Tisch",
      players: "Spieler",
      preset: "Regelwerk",
      custom: "Eigene",
      queen_points: "Pik-Dame zählt",
      passing: "Weitergeben",
      passingOpt: {
        alternating: "Im Wechsel (links, rechts, …, keins)",
        left: "Immer links",
        none: "Kein Weitergeben",
        custom: "Eigener Zyklus",
      },
      passing_custom: "Plätze pro Spiel (z. B. 1 2 3 0)",
      pass_count: "Karten weitergeben",
      qs_breaks_hearts: "Pik-Dame bricht Herz",
      points_on_first_trick: "Punkte im ersten Stich erlaubt",
      moon: "Mond schießen",
      moonOpt: {
        others: "Alle anderen bekommen die Punkte",
        choice: "Nach Wahl des Schützen",
        subtract: "Schütze zieht ab (Neumond)",
        off: "Aus",
      },
      sun: "Sonne (alle Stiche) zählt doppelt",
      jack_of_diamonds: "Karo-Bube −10",
      moon_needs_jack: "Der Mond braucht auch den Karo-Buben",
      target: "Partie bis",
      ties: "Gleichstand",
      tiesOpt: { share: "Geteilter Sieg", "play-on": "Weiterspielen, bis einer vorn liegt" },
      removed: "Aussortierte Karten",
      bots: "Computer-Gegner",
      seed: "Blatt-Nummer (leer: zufällig)",
      language: "Sprache",
      speed: "Animationstempo",
      speedOpt: { slow: "Langsam", calm: "Gemächlich", normal: "Normal", fast: "Schnell", instant: "Sofort" },
      dim: "Karten abblenden, die du nicht legen darfst",
      count: "Punkte an jedem Platz mitzählen",
      clock: "Bedenkzeit",
      clockOff: "Ohne Uhr",
      fourColour: "Vierfarbiges Blatt",
      derived: "je {size} Karten · {lead} spielt aus · Mond {moon} · Weitergeben: {cycle}",
      presetNames: {
        classic: "Klassisch",
        "quick-50": "Kurz (bis 50)",
        omnibus: "Omnibus (Karo-Bube −10)",
        "three-players": "Zu dritt",
        "five-players": "Zu fünft",
        "six-players": "Zu sechst",
        "wikipedia-3": "Zu dritt, ohne 2en (D♠ 12)",
        "wikipedia-5": "Zu fünft, Tausch 1–4",
        "wikipedia-6": "Zu sechst, ohne 2en (D♠ 12)",
        sun: "Mit Sonne",
        "new-moon": "Neumond",
        "moon-choice": "Mond nach Wahl",
      },
    },
    reasons: {
      // Hint reasons: Python answers {code, params} (py/hearts/bots/advice.py REASON_CODES);
      // card/cards params are card codes, suit a suit letter, seat a seat number.
      only_card: "{card} ist deine einzige erlaubte Karte.",
      all_alike: "Deine Karten wirken hier gleich: {card} ist so gut wie jede andere.",
      search_better:
        "{card}: ≈{points} Punkte in diesem Spiel erwartet, gegen ≈{rule_points} mit {rule_card}, der üblichen Wahl.",
      moon_shoot: "Auf den Mond: mit {card} holst du weiter alle Punkte (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      moon_call_off: "Der Mond lohnt sich nicht: spiel {card} (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      stop_moon_lead_heart:
        "Verhindere den Mond von {seat}: spiel {card} aus, das höchste Herz, und nimm selbst ein Herz (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      stop_moon_take:
        "Verhindere den Mond von {seat}: nimm diesen Stich mit {card} (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      stop_moon_no_feed:
        "{seat} will den Mond: gib keine Punkte ab, wirf {card} ab (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      lead_no_one_follows:
        "Spiel {card} aus: jede andere Farbe ist jetzt schlechter (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      lead_flush_queen:
        "Spiel die kleine {card} aus: kleine Pik treiben die D♠ heraus (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      lead_winner:
        "Spiel {card} aus: in {suit} ist nichts Höheres mehr draußen (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      lead_safest:
        "Spiel {card} aus: {suit} ist jetzt die sicherste Farbe (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      jack_take:
        "Nimm diesen Stich mit {card}: der Karo-Bube (−10) liegt darin (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      jack_win:
        "Nimm den Stich mit {card}: als letzte Karte ist der Karo-Bube sicher (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      jack_keep:
        "Heb den Karo-Buben für einen Stich auf, den er gewinnt: spiel {card} (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      first_trick_high:
        "Im ersten Stich gibt es keine Punkte: werde {card} los (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      shed_on_free_trick:
        "Nimm diesen punktlosen Stich mit {card}, um eine hohe Karte loszuwerden (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      duck: "Bleib mit {card} unter {top_card} (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      drop_queen_under: "Die D♠ unter {top_card} loswerden (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      last_must_win:
        "Jede Karte gewinnt hier: nimm ihn mit der hohen {card} (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      cheap_win_high:
        "Ein billiger Stich: nimm ihn mit {card}, die später eine Last wäre (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      must_win_low:
        "Jede Karte gewinnt hier: nimm ihn mit der kleinen {card} (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      dump_queen: "D♠ abwerfen: du bist blank (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      dump_high_spade: "{card} loswerden, bevor die D♠ darauf fällt (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      dump_heart: "{card} abwerfen: du bist blank (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      discard_danger:
        "{card} abwerfen: eine hohe Karte, die später Stiche machen würde (≈{points} Punkte erwartet; {alt_card}: ≈{alt_points}).",
      pass_moon:
        "{cards} weitergeben: mit diesem Blatt geht der Mond, die hohen Karten bleiben (≈{points} Punkte erwartet; mit {alt_cards}: ≈{alt_points}).",
      pass_queen:
        "{cards} weitergeben: die D♠ ist mit weniger als {guards} kleinen Pik zu gefährlich (≈{points} Punkte erwartet; mit {alt_cards}: ≈{alt_points}).",
      pass_high_spades:
        "{cards} weitergeben: hohe Pik ohne kleine fangen sonst die D♠ (≈{points} Punkte erwartet; mit {alt_cards}: ≈{alt_points}).",
      pass_void:
        "{cards} weitergeben: {suit} blank machen, um später abzuwerfen (≈{points} Punkte erwartet; mit {alt_cards}: ≈{alt_points}).",
      pass_danger:
        "{cards} weitergeben: hohe Karten, die sonst Stiche machen (≈{points} Punkte erwartet; mit {alt_cards}: ≈{alt_points}).",
      pass_search_better:
        "{cards} weitergeben: ≈{points} Punkte erwartet, gegen ≈{rule_points} mit {rule_cards}, der üblichen Wahl.",
      pass_forced: "{cards} weitergeben.",
    },
  },
};

export const LANGS = Object.keys(STRINGS);
let lang = "en";

/** The language the address asks for (?lang=), else the browser's preferred one among ours (German or English). */
export function browserLang() {
  // A site that embeds the game names its language in the address (embed.js: ?lang=de).
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && asked in STRINGS) return asked;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (base in STRINGS) return base;
  }
  return "en";
}

export function setLang(value) {
  lang = value in STRINGS ? value : "en";
  document.documentElement.lang = lang;
}

export function getLang() {
  return lang;
}

function lookup(key) {
  let node = STRINGS[lang];
  for (const part of key.split(".")) node = node?.[part];
  if (node === undefined && lang !== "en") {
    node = STRINGS.en;
    for (const part of key.split(".")) node = node?.[part];
  }
  return node;
}

const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** A card's short label in the table's language: "Q♠" / "D♠", "10♥". */
export function cardLabel(card) {
  const rank = card.slice(0, -1);
  return `${lookup("ranks")[rank] ?? rank}${SUIT_SYMBOLS[card.slice(-1)] ?? ""}`;
}

/**
 * A card's spoken name in the table's language: "queen of spades" / "Pik-Dame". Screen
 * readers skip or misread suit symbols, so every accessible name of a card is this.
 */
export function cardName(card) {
  const spoken = lookup("spoken");
  const rank = spoken.ranks[card.slice(0, -1)] ?? card.slice(0, -1);
  return spoken.card.replace("{rank}", rank).replace("{suit}", spoken.suits[card.slice(-1)] ?? "");
}

const SUIT_OF_SYMBOL = Object.fromEntries(Object.entries(SUIT_SYMBOLS).map(([suit, symbol]) => [symbol, suit]));

/** What finds card labels in the table's language, made once per language (every log line uses it). */
const labelReaders = new Map();

/**
 * The pattern of a card label ("Q♠", "10♥", "D♠") or a lone suit sign in the table's language,
 * and each rank label's rank ("D" → "Q" in German).
 * @returns {{pattern: RegExp, rankOf: Record<string, string>}}
 */
function labelReader() {
  let reader = labelReaders.get(lang);
  if (!reader) {
    const labels = lookup("ranks");
    const ranks = [...Object.values(labels), ..."23456789"].sort((a, b) => b.length - a.length);
    // A rank only at a word's start: the last letter of a word before a sign is not a rank.
    const pattern = new RegExp(`(?<![\\p{L}\\d])(${ranks.join("|")})?([♣♦♥♠])`, "gu");
    const rankOf = Object.fromEntries(Object.entries(labels).map(([rank, label]) => [label, rank]));
    reader = { pattern, rankOf };
    labelReaders.set(lang, reader);
  }
  return reader;
}

/**
 * `text` split into its plain parts and the cards and suits its labels name: "Q♠ counts" →
 * [{card: "QS", suit: "S"}, " counts"]; a lone "♥" → {card: null, suit: "H"}.
 * Strings and `t` write cards as labels; the page draws them with graphics (cardface.js
 * `richText`) and the ear hears their names (`spokenText`): never a font's suit glyph.
 * @param {string} text @returns {(string | {card: string | null, suit: string})[]}
 */
export function cardParts(text) {
  const source = String(text);
  const { pattern, rankOf } = labelReader();
  const parts = [];
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    if (match.index > last) parts.push(source.slice(last, match.index));
    const [, rank = "", symbol] = match;
    const suit = SUIT_OF_SYMBOL[symbol];
    parts.push({ card: rank ? `${rankOf[rank] ?? rank}${suit}` : null, suit });
    last = match.index + match[0].length;
  }
  if (last < source.length) parts.push(source.slice(last));
  return parts;
}

/** A suit's name in the table's language: "spades" / "Pik". */
export function suitName(suit) {
  return lookup("suitNames")[suit] ?? String(suit);
}

/** `text` for the ear: every card label becomes the card's spoken name, a lone suit sign its name. */
export function spokenText(text) {
  return cardParts(text)
    .map((part) => (typeof part === "string" ? part : part.card ? cardName(part.card) : suitName(part.suit)))
    .join("");
}

/** A protocol parameter as text, by the naming conventions at the top of this file. */
function paramText(name, value, spoken = false) {
  const label = spoken ? cardName : cardLabel;
  if (name === "card" || name.endsWith("_card")) return label(String(value));
  if (name === "cards" || name.endsWith("_cards")) return value.map(label).join(spoken ? ", " : " ");
  if (name === "suit" || name.endsWith("_suit")) return suitName(value);
  if (name === "seat" || name.endsWith("_seat")) return seatName(value);
  return String(value);
}

/** The string `key` (dotted path) with {placeholders} filled in from `values` (see paramText). */
export function t(key, values = {}, { spoken = false } = {}) {
  const text = lookup(key);
  if (typeof text !== "string") return key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? paramText(name, values[name], spoken) : `{${name}}`));
}

/**
 * `t` for the ear: cards by their spoken names (the live log, accessible names).
 * @param {string} key @param {Record<string, any>} [values]
 */
export const say = (key, values = {}) => spokenText(t(key, values, { spoken: true }));

/**
 * A refusal from Python (`{code, message, params}`) in the table's language.
 * @param {import("./protocol.js").ErrorBody} error @param {string | null} [playedCard]
 * @param {{spoken?: boolean}} [options] spoken: cards by their spoken names
 */
export function errorText(error, playedCard = null, { spoken = false } = {}) {
  const params = error.params ?? {};
  if (error.code === "illegal_play" && params.reason) {
    const reason = t(`illegal.${params.reason}`, params, { spoken });
    return t("illegal.wrap", { played_card: playedCard ?? params.card, reason }, { spoken });
  }
  if (error.code === "bad_rules" && params.problem) return t(`rulesProblem.${params.problem}`, params, { spoken });
  const known = t(`errors.${error.code}`, params, { spoken });
  return known === `errors.${error.code}` ? error.message : known;
}

/** A non-string entry (a list or a map of options). */
export function tData(key) {
  return lookup(key);
}

let selfSeat = 0;

/** The seat whose hand is shown (the view's `self`): that seat is "You". */
export function setSelfSeat(seat) {
  selfSeat = seat;
}

let ownNames = [];

/** The players' own names from the view (`seats[i].name`; null: the usual name). */
export function setSeatNames(names) {
  ownNames = names;
}

/** A seat's name as others call it (never "You"). */
export function playerName(seat) {
  return ownNames[seat] ?? lookup("seatNames")[seat] ?? `#${seat}`;
}

export function seatName(seat) {
  if (seat === selfSeat) return lookup("you");
  return playerName(seat);
}

/** Fill every element carrying data-i18n="key" (text) or data-i18n-title="key" (tooltip + label). */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.getAttribute("data-i18n"));
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-title]"))) {
    el.title = t(el.dataset.i18nTitle);
    el.setAttribute("aria-label", el.title);
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-label]"))) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  document.title = t("title");
}
