"""Shared fixtures and small builders for the reading / parsing / CLI tests.

Hands are written inline by the tests (never copied from the corpus). `make_hand` fills in a
complete, arithmetically consistent 3-handed NL walk, and any section can be replaced.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from hhtool.findings import Finding
from hhtool.grammar import ParseResult, parse_block
from hhtool.io import Block, read_blocks
from hhtool.validate import validate_paths

DEFAULT_HEADER = "PokerStars Hand #{hand_id}:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/16 13:54:25 ET"
DEFAULT_TABLE = "Table 'Testa I' 6-max Seat #1 is the button"
DEFAULT_SEATS = (
    "Seat 1: Alice ($10 in chips)",
    "Seat 2: Bob ($10 in chips)",
    "Seat 3: Carol ($10 in chips)",
)
# A walk: everybody folds to the big blind.
DEFAULT_BODY = (
    "Bob: posts small blind $0.05",
    "Carol: posts big blind $0.10",
    "*** HOLE CARDS ***",
    "Dealt to Alice [Ah Kd]",
    "Alice: folds",
    "Bob: folds",
    "Uncalled bet ($0.05) returned to Carol",
    "Carol collected $0.10 from pot",
    "Carol: doesn't show hand",
)
DEFAULT_SUMMARY = (
    "*** SUMMARY ***",
    "Total pot $0.10 | Rake $0",
    "Seat 1: Alice (button) folded before Flop (didn't bet)",
    "Seat 2: Bob (small blind) folded before Flop",
    "Seat 3: Carol (big blind) collected ($0.10)",
)
# Lines of the default hand: header 1, table 2, seats 3-5, body 6-14, summary 15-19.
DEFAULT_LINES = 19


def _lines(part) -> list[str]:
    if isinstance(part, str):
        return part.strip("\n").split("\n")
    return list(part)


def make_hand(
    hand_id: int | str = 100000000001,
    *,
    header: str | None = None,
    table: str | None = None,
    seats=None,
    body=None,
    summary=None,
    newline: str = "\n",
) -> str:
    """A PokerStars hand as text (ending with one newline); each section is a str or a list of lines."""
    lines = [(header or DEFAULT_HEADER).replace("{hand_id}", str(hand_id)), table or DEFAULT_TABLE]
    lines += _lines(DEFAULT_SEATS if seats is None else seats)
    lines += _lines(DEFAULT_BODY if body is None else body)
    lines += _lines(DEFAULT_SUMMARY if summary is None else summary)
    return newline.join(lines) + newline


def hands_file(hands: list[str], separator: str = "\n\n\n") -> str:
    """Hands as PokerStars writes them into one file: 3 empty lines between hands."""
    return separator.join(h.rstrip("\n") + "\n" for h in hands)


def parse_text(text: str, *, file: str = "hand.txt", line: int = 1, column: int = 1) -> ParseResult:
    """Parse one hand written inline (dedented, one trailing newline) as if read from `file` at `line`."""
    text = textwrap.dedent(text).strip("\n") + "\n"
    return parse_block(Block(file, line, column, "pokerstars", text))


def read_all(path: Path) -> list:
    return list(read_blocks(path))


# -- the site tests' helpers (test_bovada, test_partypoker, test_winamax, ...) ----------------------------------------
def events_of(result, kind) -> list:
    """The events of exactly type `kind` of a parsed hand, in their order."""
    return [event for event in result.hand.events if type(event) is kind]


def codes(results) -> list[str]:
    """Every finding code of some hand results, in their order."""
    return [f.code for r in results for f in r.findings]


def validate_hands(tmp_path: Path, *hands: str, name: str, separator: str = "\n\n", encoding: str = "utf-8") -> list:
    """Hands written inline (dedented), joined by `separator` into the file `name` as the site writes its files,
    validated by the whole pipeline: the hand results (a file's own findings left out)."""
    path = tmp_path / name
    path.write_text(separator.join(textwrap.dedent(h).strip("\n") + "\n" for h in hands), encoding=encoding)
    return [r for r in validate_paths([path]) if not isinstance(r, Finding)]


# -- three hands of one day and the next, for the money tests (test_stats, test_audit) ------------------------------
# $0.05/$0.10 USD no-limit, Alice, Bob and Carol with $10 each at a table of their own: a walk to Carol (pot $0.10), a
# 3-bet pot Carol wins on the flop ($1.90) and a showdown Carol wins ($2.20); each test module chooses the hand ids,
# the tables' name and the rake taken from each pot (Carol collects the rest), and works out its figures from them.
_THREE_HANDS = textwrap.dedent("""\
    PokerStars Hand #{id1}:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/16 13:54:25 ET
    Table '{table} I' 6-max Seat #1 is the button
    Seat 1: Alice ($10 in chips)
    Seat 2: Bob ($10 in chips)
    Seat 3: Carol ($10 in chips)
    Bob: posts small blind $0.05
    Carol: posts big blind $0.10
    *** HOLE CARDS ***
    Alice: folds
    Bob: folds
    Uncalled bet ($0.05) returned to Carol
    Carol collected {won1} from pot
    Carol: doesn't show hand
    *** SUMMARY ***
    Total pot $0.10 | Rake {rake1}
    Seat 1: Alice (button) folded before Flop (didn't bet)
    Seat 2: Bob (small blind) folded before Flop
    Seat 3: Carol (big blind) collected ({won1})



    PokerStars Hand #{id2}:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/16 14:02:11 ET
    Table '{table} II' 6-max Seat #2 is the button
    Seat 1: Alice ($10 in chips)
    Seat 2: Bob ($10 in chips)
    Seat 3: Carol ($10 in chips)
    Carol: posts small blind $0.05
    Alice: posts big blind $0.10
    *** HOLE CARDS ***
    Bob: raises $0.20 to $0.30
    Carol: raises $0.60 to $0.90
    Alice: folds
    Bob: calls $0.60
    *** FLOP *** [2c 7d Jh]
    Carol: bets $1
    Bob: folds
    Uncalled bet ($1) returned to Carol
    Carol collected {won2} from pot
    Carol: doesn't show hand
    *** SUMMARY ***
    Total pot $1.90 | Rake {rake2}
    Board [2c 7d Jh]
    Seat 1: Alice (big blind) folded before Flop
    Seat 2: Bob (button) folded on the Flop
    Seat 3: Carol (small blind) collected ({won2})



    PokerStars Hand #{id3}:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/04/17 09:15:40 ET
    Table '{table} III' 6-max Seat #3 is the button
    Seat 1: Alice ($10 in chips)
    Seat 2: Bob ($10 in chips)
    Seat 3: Carol ($10 in chips)
    Alice: posts small blind $0.05
    Bob: posts big blind $0.10
    *** HOLE CARDS ***
    Carol: calls $0.10
    Alice: raises $0.30 to $0.40
    Bob: calls $0.30
    Carol: calls $0.30
    *** FLOP *** [Ah Kd 2s]
    Alice: checks
    Bob: checks
    Carol: checks
    *** TURN *** [Ah Kd 2s] [9c]
    Alice: bets $0.50
    Bob: folds
    Carol: calls $0.50
    *** RIVER *** [Ah Kd 2s 9c] [4h]
    Alice: checks
    Carol: checks
    *** SHOW DOWN ***
    Alice: shows [As Qs] (a pair of Aces)
    Carol: shows [Kh Kc] (three of a kind, Kings)
    Carol collected {won3} from pot
    *** SUMMARY ***
    Total pot $2.20 | Rake {rake3}
    Board [Ah Kd 2s 9c 4h]
    Seat 1: Alice (small blind) showed [As Qs] and lost with a pair of Aces
    Seat 2: Bob (big blind) folded on the Turn
    Seat 3: Carol (button) showed [Kh Kc] and won ({won3}) with three of a kind, Kings
    """)
_POTS = (10, 190, 220)  # cents


def _dollars(cents: int) -> str:
    """An amount as PokerStars prints it: `$0`, `$2`, `$0.09`, `$2.10`."""
    return f"${cents // 100}" if cents % 100 == 0 else f"${cents // 100}.{cents % 100:02d}"


def three_hands(first_id: int, table: str, rakes: tuple[int, int, int]) -> str:
    """The three hands as one PokerStars file's text (3 empty lines between hands): ids `first_id` and the next two,
    tables `{table} I`, `II` and `III`, rakes in cents (the pots are $0.10, $1.90 and $2.20)."""
    ids = {f"id{n}": str(first_id + n - 1) for n in (1, 2, 3)}
    rake = {f"rake{n}": _dollars(cents) for n, cents in enumerate(rakes, 1)}
    won = {f"won{n}": _dollars(pot - cents) for n, (pot, cents) in enumerate(zip(_POTS, rakes, strict=True), 1)}
    return _THREE_HANDS.format(table=table, **ids, **rake, **won)


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The shared corpus (env HHTOOL_CORPUS); tests using it are skipped when it is not set."""
    value = os.environ.get("HHTOOL_CORPUS")
    if not value:
        pytest.skip("HHTOOL_CORPUS is not set")
    path = Path(value)
    if not path.is_dir():
        pytest.skip(f"HHTOOL_CORPUS={value} is not a folder")
    return path


# -- the fast default suite (issue #27): `python -m pytest` runs it; `--full` (or HHTOOL_FULL=1) runs every test ----
# The tests below are marked `slow` (chosen from `--durations` of the whole suite: each takes seconds to minutes,
# mostly over the corpus, the process pools, Hypothesis or the fuzz harness). They are left out only when pytest
# runs its default `testpaths`: naming files, folders or node ids runs all of their tests, `-m slow` selects only
# these, and CI (.ci/run) runs everything with --full. Kept here, as data, so that no test file needs editing.
SLOW_MODULES = frozenset(
    {
        "tests/test_round_trip_corpus.py",  # the corpus written as PokerStars text and read back (110 s)
        "tests/test_stats_scale.py",  # its module fixtures export generated and corpus datasets (15-45 s each)
    }
)
# tests that use these module fixtures (a corpus export, a corpus run) pay for them: with the first one left out,
# the next would
SLOW_FIXTURES = {
    "tests/test_export.py": {"corpus_export"},
    "tests/test_corpus_parse.py": {"run"},
}
# the test functions (every parameter) of >= 3 s on the shared 2 cores (load 3-7, Dec 2026; >= 6 s where
# measured at load 12-17)
SLOW_TESTS = frozenset(
    {
        "tests/test_acpc.py::test_the_corpus_pre_flop_ev_hand_agrees_with_all_its_boards",
        "tests/test_bad_input.py::test_a_file_name_that_is_not_utf8_never_crashes",
        "tests/test_benchmarks.py::test_exits_zero_and_prints_every_measurement",
        "tests/test_convert.py::test_every_corpus_hand_of_every_dialect_round_trips_through_pokerstars_text",
        "tests/test_convert.py::test_ohh_of_every_corpus_hand_is_valid_by_the_schema_and_its_pots_balance",
        "tests/test_corpus_parse.py::test_every_file_is_read_and_every_block_accounted_for",
        "tests/test_dataset_store.py::test_a_kill_at_any_step_of_the_commit_leaves_a_whole_dataset",
        "tests/test_dataset_store.py::test_kill_9_at_random_moments_never_leaves_half_a_run",
        "tests/test_dataset_store.py::test_two_exports_at_once_store_every_hand_once",
        "tests/test_export_batches.py::test_a_killed_export_leaves_a_readable_dataset_of_its_committed_batches",
        "tests/test_export_batches.py::test_a_removed_files_hands_are_read_and_stored_again",
        "tests/test_export_batches.py::test_a_small_input_starts_no_pool_and_a_large_one_does",
        "tests/test_export_batches.py::test_an_export_in_batches_stores_what_one_commit_stores",
        "tests/test_export_batches.py::test_an_export_of_files_mostly_stored_starts_no_pool",
        "tests/test_export_batches.py::test_ctrl_c_keeps_the_committed_batches_and_says_how_far_they_go",
        "tests/test_fuzz.py::test_fuzz_every_dialect",
        "tests/test_fuzz.py::test_fuzz_numeric_limits",
        "tests/test_fuzz.py::test_fuzz_same_output_for_any_jobs_and_chunk_size",
        "tests/test_fuzz.py::test_fuzz_single_files",
        "tests/test_generate.py::test_every_site_gets_legal_hands_of_the_same_play",
        "tests/test_generate.py::test_side_pots_a_site_does_not_name_validate",
        "tests/test_ggpoker.py::test_every_gg_holdem_hand_of_the_corpus_parses",
        "tests/test_ggpoker.py::test_gg_corpus_validates_with_only_the_known_errors_and_printed_pots",
        "tests/test_hostile_inputs.py::test_acpc_game_file_limits",
        "tests/test_hostile_inputs.py::test_option_files_are_bounded",
        "tests/test_hostile_inputs.py::test_stdout_on_a_full_device_is_an_io_error",
        "tests/test_ipoker.py::test_writer_writes_every_corpus_hand_back_as_the_same_hand",
        "tests/test_mutations.py::test_mutations_are_flagged",
        "tests/test_parallel.py::test_a_file_whose_every_chunk_kills_its_worker_does_not_end_the_run",
        "tests/test_parallel.py::test_a_killed_worker_in_export_loses_no_hand",
        "tests/test_parallel.py::test_a_worker_collects_cycles_rarely_and_still_frees_them",
        "tests/test_parallel.py::test_an_interrupted_parallel_export_commits_nothing_and_a_rerun_does_not_double",
        "tests/test_parallel.py::test_ctrl_c_on_the_command_line_leaves_no_dataset_behind",
        "tests/test_parallel.py::test_dask_engine_gives_the_same_dataset_and_jsonl",
        "tests/test_parallel.py::test_export_dataset_is_the_same_for_any_jobs",
        "tests/test_parallel.py::test_file_level_findings_of_many_small_files_are_gathered",
        "tests/test_parallel.py::test_hands_with_cross_hand_findings_are_gathered_not_stored_one_by_one",
        "tests/test_parallel.py::test_progress_is_quiet_when_stderr_is_not_a_terminal",
        "tests/test_parallel.py::test_records_in_chunks_match_the_sequential_run",
        "tests/test_parallel.py::test_uid_table_keeps_values_and_survives_64_bit_collisions",
        "tests/test_parallel.py::test_validate_output_is_the_same_for_any_jobs",
        "tests/test_parallel.py::test_workers_exit_when_the_main_process_is_killed_outright",
        "tests/test_parse_pokerstars.py::test_any_mangled_hand_gives_exactly_one_result_and_never_raises",
        "tests/test_parse_pokerstars.py::test_seat_line_fields_agree_with_the_seat_regex",
        "tests/test_phh.py::test_corpus_hands_replay_in_pokerkit_to_hhtools_stacks",
        "tests/test_phh.py::test_pokerkit_written_pokerstars_hands_of_the_corpus_read_back",
        "tests/test_piece_boundaries.py::test_jobs_2_with_small_chunks_gives_the_records_of_one_process",
        "tests/test_pokerstars_verdicts.py::test_pokerstars_corpus_validates_with_only_the_known_errors",
        "tests/test_profiles.py::test_cli_export_and_audit_with_a_profile",
        "tests/test_properties.py::test_chosen_play_is_legal_and_conserves_chips",
        "tests/test_properties.py::test_render_parse_round_trip_generated",
        "tests/test_properties.py::test_seeded_sessions_are_legal_and_conserve_chips",
        "tests/test_ranking.py::test_agrees_with_brute_force",
        "tests/test_reader_fast_paths.py::test_a_seat_read_by_index_is_what_the_seat_regex_reads",
        "tests/test_reader_fast_paths.py::test_card_groups_to_end_is_the_hole_groups_fullmatch",
        "tests/test_reader_fast_paths.py::test_cards_are_every_bracket_groups_words",
        "tests/test_reader_fast_paths.py::test_pot_claims_read_what_the_total_regex_reads",
        "tests/test_reader_fast_paths.py::test_run_outcomes_read_what_the_outcome_regex_reads",
        "tests/test_reader_fast_paths.py::test_the_native_clock_reads_as_int_does",
        "tests/test_reader_fast_paths.py::test_the_plain_intro_is_what_the_intro_regex_reads",
        "tests/test_reader_fast_paths.py::test_when_read_by_index_is_what_the_when_regex_finds",
        "tests/test_reading.py::test_an_oversized_hand_is_named_by_its_header_however_the_bytes_arrive",
        "tests/test_rules_file.py::test_no_hand_is_stored_as_hh099_under_a_mistyped_rule",
        "tests/test_show.py::test_the_replayer_steps_in_headless_chromium",
        "tests/test_site_boundaries.py::test_a_header_cut_between_two_reads_is_met_whole",
        "tests/test_split_scan.py::test_a_loop_that_meets_more_hits_than_estimated_looks_on_from_where_it_is",
        "tests/test_split_scan.py::test_big_chunks_of_near_misses",
        "tests/test_split_scan.py::test_big_chunks_of_one_site_with_another_sites_hand_inside",
        "tests/test_stats.py::test_cli_json_csv_and_text",
        "tests/test_stats.py::test_samples_rake_paid_adds_up_to_the_rake_per_currency",
        "tests/test_watch.py::test_live_writer_and_sigterm",
        "tests/test_watch.py::test_watch_once_stores_what_export_stores",
        "tests/test_wire.py::test_every_record_of_a_task_comes_back_equal_field_by_field",
        "tests/test_worker_parts.py::test_clean_tasks_are_stored_as_the_workers_wrote_them",
        "tests/test_worker_parts.py::test_hands_met_twice_or_already_stored_are_left_out_as_before",
        "tests/test_worker_parts.py::test_hands_the_cross_hand_checks_change_rebuild_only_their_hands_and_findings_rows",
        "tests/test_worker_parts.py::test_the_corpus_and_samples_give_the_single_process_dataset",
        "tests/test_worker_parts.py::test_the_parents_files_sort_among_the_workers_in_input_order",
    }
)
_FULL_ENV = "HHTOOL_FULL"
_FAST_KEY = "hhtool_fast_suite"  # in xdist's workerinput: the controller's decision (the workers see other args)
_FAST = pytest.StashKey[bool]()


def pytest_addoption(parser) -> None:
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help="hhtool: run the full suite, the tests marked slow too (default: the fast suite, "
        "when no path is named; HHTOOL_FULL=1 does the same)",
    )


def _is_slow(item) -> bool:
    module = item.nodeid.split("::", 1)[0]
    return (
        module in SLOW_MODULES
        or item.nodeid.split("[", 1)[0] in SLOW_TESTS
        or not SLOW_FIXTURES.get(module, set()).isdisjoint(getattr(item, "fixturenames", ()))
    )


def _fast_suite(config) -> bool:
    """Whether this run leaves the slow tests out: pytest's default paths, and no --full, HHTOOL_FULL=1
    or marker expression naming `slow`."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None:
        return bool(workerinput.get(_FAST_KEY, False))
    full = (
        config.getoption("--full")
        or os.environ.get(_FULL_ENV, "") not in ("", "0")
        or "slow" in (config.getoption("markexpr", "") or "")
    )
    return not full and config.args_source is pytest.Config.ArgsSource.TESTPATHS


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "slow: left out of the default fast suite (tests/conftest.py SLOW_*); --full runs it"
    )
    config.stash[_FAST] = _fast_suite(config)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """(pytest-xdist) Hand the controller's decision to each worker."""
    node.workerinput[_FAST_KEY] = node.config.stash[_FAST]


def pytest_collection_modifyitems(config, items) -> None:
    slow = [item for item in items if _is_slow(item)]
    for item in slow:
        item.add_marker(pytest.mark.slow)
    if slow and config.stash[_FAST]:
        left_out = set(map(id, slow))
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if id(item) not in left_out]


def pytest_terminal_summary(terminalreporter, config) -> None:
    if config.stash[_FAST] and not hasattr(config, "workerinput"):
        terminalreporter.write_line(
            "fast suite: the tests marked slow were left out; `python -m pytest --full` "
            "(or HHTOOL_FULL=1) runs every test, as CI does"
        )
