"""Every point the seed text leaves open, decided in ONE place (mirrored in docs/bleach.md "Choix de règles").

Each constant quotes the French sentence it reads; tests/bleach/test_choices.py tests each one.
"""

DAMAGE_STEP = 100
"""« 1 carte de sa réserve de 'Force Spirituelle' par tranche de 100 PC de dommages » — a remainder under
100 is ignored: damage // 100 cards (250 damage → 2 cards; 50 damage → none)."""

RESERVE_HIDDEN = True
"""Nothing says whether the Force Spirituelle reserve is visible — it is hidden from the opponent (who sees
how many cards each reserve holds); its owner sees it. Ame Déchaînée pieces become public when assembled."""

ABILITY_WINDOW = "after each opposing effect action"
"""« La 'Capacité' d'une Ame peut être utilisée même durant l'Action d'Effet du joueur adverse. » — after each
Action d'Effet of the attacker resolves, the defender may use any number of Capacités one after the other
(decision kind ``respond``), then passes. No Capacité is used during a combat."""

ZANPAKUTO_AS_COMBAT = True
"""« Placer dans la pile défausse si elle a été utilisée en comme Carte Combat » — a Zanpakutô may be played
as a carte Combat (its ``bonus``) by the Ame Principale bearing it (or from the hand); it then stops being
borne and is discarded after the combat like any carte Combat; the Etape Zanpakutô may attach it again."""

ZANPAKUTO_PC_BONUS = True
"""The seed gives no Zanpakutô statistics — a borne Zanpakutô adds its ``pc_bonus`` to its bearer's PC."""

TIE_PRIORITY = "attacker only"
"""« Si l'on arrive à une égalité, c'est le joueur attaquant qui obtient la priorité pour jouer une nouvelle
Carte Combat » — on a tie only the attacker may play; if he passes, the exchange ends on the tie."""

SACRIFICE_OFFER = "when soul points would be discarded"
"""« si un joueur doit défausser des cartes de sa Zone de points d'Ame ..., il peut choisir de réaliser une
Action de sacrifice » — offered only then (decision ``sacrifice``); it replaces all the damage: the reserve
of the sacrificed Ame is discarded (as the seed says), one soul point is discarded."""

ENTER_STATE = "offensive"
"""The state of an Ame Principale entering from the hand is not given — it enters offensive."""

SIMULTANEOUS_LOSS = "cause loses, else draw"
"""« Si l'une ou les deux conditions survenaient simultanément pour les deux joueurs, le joueur dont l'effet
en est à l'origine perd la partie. » — when no effect caused it (it cannot happen with the sample cards
outside effects) the game is a draw."""

MAX_TURNS = 200
"""Not a rule: a simulated game still running after this many turns is a draw (end reason ``turns``), so that a
batch always ends. The default of the game option ``max_turns``; a person's game has no limit
(``MODULE.person_options``, used by ``tcgsim play``)."""

DRAW_EMPTY = "draw what remains"
"""« S'il n'y a pas assez de cartes dans le deck, le joueur prend les cartes restantes et mélange les cartes
de la défausse » — when deck and discard together are short, the player draws what there is; running out
of cards is not a loss."""

MULLIGAN_ORDER = "first player of the pair p1, then p2, before the first-player choice"
"""The seed lists the mulligan before « On détermine aléatoirement un joueur » — p1 then p2 decide keep or
mulligan, then the random player chooses who starts."""

SUPPORT_USER = "a chosen own Ame Principale"
"""The seed says Evénements are paid by the Ame Principale that uses them, not who pays an Ame de Soutien's
Effet — the player designates one of his Ames Principales as its user (it pays the cost, it is the ``user``)."""

EFFECT_ONLY_ONE_PER_NUMBER = True
"""Not a rule but a branching reduction: options naming identical cards of the hand or discard (same number)
are offered once; field cards are always distinguished (``BLX-001#2``)."""
