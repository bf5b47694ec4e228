"""`stats`: players, wonders, head-to-head and naval figures over the games kept, filtered."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from scorer.cli import output, values
from scorer.cli.history.names import list_or, one_decimal, shown_day, wonder_words
from scorer.cli.history.store import EXPANSIONS, with_store
from scorer.i18n import decimal, percent, t, tn

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.history import GameFilter, GameSummary


def run_stats(args: argparse.Namespace) -> int:
    where = _filter(args)
    if args.vs is not None and args.player is None:
        raise values.input_error("--vs", args.vs, t("cli_history.stats.vs_alone"))
    if args.ratings and args.vs is not None:
        raise values.input_error("--vs", args.vs, t("cli_history.stats.ratings_vs"))
    if args.ratings:
        return with_store(args, lambda store: _ratings(store.games("finished"), where, args))
    return with_store(args, lambda store: _stats(store.games("finished"), where, args))


def _filter(args: argparse.Namespace) -> GameFilter:
    from scorer.history import GameFilter

    since, until = _day("--since", args.since), _day("--until", args.until)
    if since and until and since > until:
        raise values.input_error("--until", args.until, t("cli_history.stats.after_since", since=args.since))
    from scorer.catalog import load_limits

    most = load_limits().players
    allowed_count = t("cli_history.stats.player_count", most=most)
    counts = set()
    for word in args.players:
        count = values.whole("--players", word, most, allowed_count)
        if count < 3:
            raise values.input_error("--players", count, allowed_count)
        counts.add(count)
    boxes = set()
    for word in args.expansion:
        box = word.strip().lower()
        if box not in EXPANSIONS:
            raise values.input_error("--expansion", word, t("cli_history.stats.expansion"))
        boxes.add(box)
    if "base" in boxes and len(boxes) > 1:
        raise values.input_error("--expansion", "base", t("cli_history.stats.base_alone"))
    return GameFilter(
        since=since,
        until=until,
        expansions=frozenset(boxes - {"base"}) if boxes else None,
        player_counts=frozenset(counts) if counts else None,
    )


def _day(field: str, text: str | None) -> str | None:
    """The ISO day typed as YYYY-MM-DD, or as the chosen language writes days (DD/MM/AAAA in Portuguese)."""
    if text is None:
        return None
    from datetime import datetime

    day = text.strip()
    for pattern in ("%Y-%m-%d", t("cli_history.day_format")):
        try:
            return datetime.strptime(day, pattern).date().isoformat()
        except ValueError:
            continue
    raise values.input_error(field, text, t("cli_history.stats.day"))


def _stats(games: Sequence[GameSummary], where: GameFilter, args: argparse.Namespace) -> int:
    from scorer.catalog import fold
    from scorer.history import head_to_head, history_stats, player_report, stats_to_dict

    overall = history_stats(games, where)
    if args.player is None:
        if args.json:
            sys.stdout.write(output.json_text(stats_to_dict(overall)))
        else:
            _print_overall(overall, _filter_text(args))
        return 0
    known = {fold(p.name): p.name for p in overall.players}
    for field, name in (("--player", args.player), ("--vs", args.vs)):
        if name is not None and fold(name) not in known:
            raise values.input_error(field, name, _known_players(sorted(known.values(), key=str.casefold)))
    if args.vs is not None:
        if fold(args.vs) == fold(args.player):
            raise values.input_error("--vs", args.vs, t("cli_history.stats.another"))
        duel = head_to_head(games, known[fold(args.player)], known[fold(args.vs)], where)
        if args.json:
            sys.stdout.write(output.json_text(stats_to_dict(duel)))
        else:
            _print_duel(duel, _filter_text(args))
        return 0
    report = player_report(games, args.player, where)
    assert report is not None  # the name is a known player's
    if args.json:
        sys.stdout.write(output.json_text(stats_to_dict(report)))
    else:
        _print_report(report, _filter_text(args))
    return 0


def _ratings(games: Sequence[GameSummary], where: GameFilter, args: argparse.Namespace) -> int:
    """`stats --ratings`: every player's rating, or one player's with the games that moved it most."""
    from scorer.history import rate_games, ratings_to_dict

    ratings = rate_games(games, where)
    if args.player is None:
        if args.json:
            sys.stdout.write(output.json_text(ratings_to_dict(ratings)))
        else:
            _print_ratings(ratings, _filter_text(args))
        return 0
    player = ratings.player(args.player)
    if player is None:
        names = sorted((p.name for p in ratings.players), key=str.casefold)
        raise values.input_error("--player", args.player, _known_players(names))
    if args.json:
        from dataclasses import replace

        alone = ratings_to_dict(replace(ratings, players=(player,)), history=True)  # with each game it was rated on
        sys.stdout.write(output.json_text(alone))
    else:
        _print_rating(player, ratings, _filter_text(args))
    return 0


def _print_ratings(ratings: Any, filters: str) -> None:
    out = output.console()
    if not ratings.games:
        out.print(t("cli_history.stats.none_filtered" if filters else "cli_history.stats.none"))
        return
    games = tn("cli_history.stats.finished_games", ratings.games)
    table = output.table(
        t("cli_history.stats.ratings_title", games=games, filters=filters),
        *_words("rating_rank", "player", "rating", "games", "last_change", "mu", "sigma"),
        numeric=True,
    )
    table.columns[0].justify = "right"
    table.columns[1].justify = "left"
    for place, p in enumerate(ratings.players, start=1):
        table.add_row(
            str(place),
            p.name,
            one_decimal(p.rating),
            str(p.games),
            _signed(p.trend),
            one_decimal(p.mu),
            one_decimal(p.sigma),
        )
    out.print(table)
    out.print(t("cli_history.stats.ratings_note"))


def _print_rating(player: Any, ratings: Any, filters: str) -> None:
    out = output.console()
    place = ratings.players.index(player) + 1
    out.print(
        output.text(
            t(
                "cli_history.stats.rating_line",
                player=player.name,
                rating=one_decimal(player.rating),
                place=place,
                players=len(ratings.players),
                games=tn("cli_history.stats.finished_games", player.games),
                filters=filters,
            )
        )
    )
    columns = _words("rating_day", "players_column", "rating_place", "change", "rating", "game_id")
    table = output.table(t("cli_history.stats.moved_most"), *columns)
    for g in player.moved_most:
        table.add_row(
            shown_day(g.played_on) or "—",
            str(g.players),
            str(g.place),
            _signed(g.change),
            one_decimal(g.rating),
            g.game[:8],
        )
    for column in table.columns[1:5]:
        column.justify = "right"
    out.print(table)
    out.print(t("cli_history.stats.ratings_note"))


def _signed(value: float) -> str:
    """+1.2, −0.4 (one decimal, the language's comma), 0.0 for no change."""
    shown = one_decimal(abs(value))
    if shown == one_decimal(0):
        return shown
    return ("+" if value > 0 else "−") + shown


def _known_players(names: list[str]) -> str:
    if not names:
        return t("cli_history.stats.nobody")
    if len(names) > 30:
        return t("cli_history.stats.known_more", names=", ".join(names[:30]), more=len(names) - 30)
    return t("cli_history.stats.known", names=", ".join(names))


def _filter_text(args: argparse.Namespace) -> str:
    """' (01/01/2026 to …, 5 players, Leaders)': the filters in a title, days as the language writes them."""
    parts = []
    if args.since or args.until:
        since, until = _day("--since", args.since), _day("--until", args.until)
        parts.append(t("cli_history.stats.days", since=shown_day(since) or "…", until=shown_day(until) or "…"))
    if args.players:
        counts = sorted({int(p) for p in args.players})
        parts.append(tn("cli_history.stats.players", counts[-1], counts=list_or([str(c) for c in counts])))
    if args.expansion:
        boxes = sorted({box.strip().lower() for box in args.expansion})
        parts.append(t("cli_history.base_game") if boxes == ["base"] else " + ".join(box.capitalize() for box in boxes))
    return t("cli_history.stats.filters", filters=", ".join(parts)) if parts else ""


def _print_overall(stats: Any, filters: str) -> None:
    out = output.console()
    if not stats.games:
        out.print(t("cli_history.stats.none_filtered" if filters else "cli_history.stats.none"))
        return
    games = tn("cli_history.stats.finished_games", stats.games)
    players = output.table(
        t("cli_history.stats.players_title", games=games, filters=filters),
        *_words("player", "games", "wins", "win_rate", "average", "best", "worst", "place"),
        numeric=True,
    )
    for p in stats.players:
        players.add_row(
            p.name,
            str(p.games),
            str(p.wins),
            percent(p.win_rate),
            one_decimal(p.average_total),
            str(p.best_total),
            str(p.worst_total),
            one_decimal(p.average_place),
        )
    out.print(players)
    _print_wonders(out, stats.wonders, t("cli_history.stats.wonders"))
    counts = output.table(
        t("cli_history.stats.counts"), *_words("players_column", "games", "average", "winning"), numeric=True
    )
    counts.columns[0].justify = "right"
    for c in stats.player_counts:
        counts.add_row(str(c.players), str(c.games), one_decimal(c.average_total), one_decimal(c.average_winning_total))
    out.print(counts)
    _print_naval(out, stats.naval, t("cli_history.stats.naval"))


def _print_report(report: Any, filters: str) -> None:
    out = output.console()
    p = report.player
    title = t(
        "cli_history.stats.report_title",
        player=p.name,
        games=tn("cli_history.stats.finished_games", p.games),
        filters=filters,
    )
    table = output.table(title, *_words("games", "wins", "win_rate", "average", "best", "worst", "place"), numeric=True)
    table.columns[0].justify = "right"
    table.add_row(
        str(p.games),
        str(p.wins),
        percent(p.win_rate),
        one_decimal(p.average_total),
        str(p.best_total),
        str(p.worst_total),
        one_decimal(p.average_place),
    )
    out.print(table)
    rows = output.table(t("cli_history.stats.rows"), *_words("row", "row_average"), numeric=True)
    for row, average in p.average_rows.items():
        rows.add_row(t(f"cli.sheet.rows.{row}"), one_decimal(average))
    out.print(rows)
    _print_wonders(out, report.wonders, t("cli_history.stats.player_wonders", player=p.name))
    columns = _words("opponent", "rival_games", "ahead", "behind", "level", "won", "they_won", "avg", "their_avg")
    rivals = output.table(t("cli_history.stats.rivals"), *columns, numeric=True)
    for d in report.rivals:
        rivals.add_row(
            d.b,
            str(d.games),
            str(d.a_ahead),
            str(d.b_ahead),
            str(d.level),
            str(d.a_wins),
            str(d.b_wins),
            one_decimal(d.a_average_total),
            one_decimal(d.b_average_total),
        )
    out.print(rivals)
    _print_naval(out, report.naval, t("cli_history.stats.player_naval", player=p.name))


def _print_duel(duel: Any, filters: str) -> None:
    out = output.console()
    if not duel.games:
        out.print(t("cli_history.stats.never", a=duel.a, b=duel.b, filters=filters))
        return
    title = t(
        "cli_history.stats.duel_title",
        a=duel.a,
        b=duel.b,
        games=tn("cli_history.stats.together", duel.games),
        filters=filters,
    )
    table = output.table(title, "", duel.a, duel.b, numeric=True)
    table.add_row(t("cli_history.stats.placed_ahead"), str(duel.a_ahead), str(duel.b_ahead))
    table.add_row(t("cli_history.stats.same_place"), str(duel.level), str(duel.level))
    table.add_row(t("cli_history.stats.wins"), str(duel.a_wins), str(duel.b_wins))
    table.add_row(t("cli_history.stats.average"), one_decimal(duel.a_average_total), one_decimal(duel.b_average_total))
    out.print(table)
    if duel.partners:  # their games in one team: neither placed ahead, and they won or lost together
        games = tn("cli_history.stats.together", duel.partners)
        out.print(t("cli_history.stats.partners", games=games, wins=duel.partner_wins))


def _print_wonders(out: Any, wonders: Sequence[Any], title: str) -> None:
    table = output.table(
        title, *_words("wonder", "side", "games", "wins", "win_rate", "average", "place"), numeric=True
    )
    table.columns[1].justify = "left"
    for w in wonders:
        table.add_row(
            wonder_words(w.wonder),
            w.side,
            str(w.games),
            str(w.wins),
            percent(w.win_rate),
            one_decimal(w.average_total),
            one_decimal(w.average_place),
        )
    out.print(table)


def _print_naval(out: Any, naval: Sequence[Any], title: str) -> None:
    if not naval:
        return
    from scorer.ruling import age_name

    table = output.table(title, *_words("age", "seats", "token", "led", "led_won", "lead_rate"), numeric=True)
    for age in naval:
        token = ("+" if age.average_token >= 0 else "") + decimal(age.average_token, 1)
        table.add_row(
            age_name(age.age),
            str(age.seats),
            token,
            str(age.led),
            str(age.led_and_won),
            percent(age.lead_win_rate) if age.led else "—",
        )
    out.print(table)


def _words(*names: str) -> list[str]:
    """Column headers of the stats tables (cli_history.stats.<name>)."""
    return [t(f"cli_history.stats.{name}") for name in names]
