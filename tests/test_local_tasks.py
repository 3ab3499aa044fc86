"""`python -m eval tasks`: the overlay holds only what the build can run, and lmms-eval registers it so.

Tasks of configs the folder does not hold (VISaGE's `external`, AIpsych's `coco`, VI-Probe's other
cases) would fail inside lmms-eval with an opaque `RetryError`; they, and any group needing them,
are left out, and since tags are declared by the task files, no tag names them either. lmms-eval's
own `vlms_are_biased` is written renamed (`vlmbias_vlms_are_biased`): a same-named copy would lose to
the installed task. Registration is checked with lmms-eval's own `TaskManager`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from builders.core.folder import BuiltFolder
from builders.core.outputs import RECORD
from builders.families import family_names, get_family
from eval.cli import main
from eval.local_tasks import lmms_eval_tasks, write_local_tasks
from eval.registry import family_eval
from eval.tasks.declaration import TASKS_ROOT

BORROWED = "vlmbias_vlms_are_biased"


def task_manager(overlay: Path):
    TaskManager = pytest.importorskip("lmms_eval.tasks").TaskManager
    return TaskManager("ERROR", include_path=str(overlay), include_defaults=False)


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_visage_gets_only_its_drawn_tasks_and_its_tags_name_only_them(built, tmp_path, capsys):
    folder = built("visage", "lite")
    assert BuiltFolder(folder).config_names() == ("drawn",)
    assert main(["tasks", "visage", "--data", str(folder), "--out", str(tmp_path / "tasks")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"wrote 4 task files to {tmp_path / 'tasks' / 'visage'}; ")
    assert "--verbosity DEBUG (lmms-eval 0.7.3 exits with status 0 when a task fails" in out
    assert "left out the tasks of 1 config(s) the folder does not hold (external)" in out
    written = sorted(path.name for path in (tmp_path / "tasks" / "visage").iterdir() if path.name != RECORD)
    seeing = ["visage_drawn", "visage_drawn_recognition"]
    assert written == sorted(f"{name}{blind}.yaml" for name in seeing for blind in ("", "_noimage"))
    manager = task_manager(tmp_path / "tasks")
    assert set(manager.all_subtasks) == {f"{name}{blind}" for name in seeing for blind in ("", "_noimage")}
    assert manager.task_index["visage_conditions"]["task"] == ["visage_drawn"]
    assert manager.task_index["visage_conditions_noimage"]["task"] == ["visage_drawn_noimage"]
    assert manager.task_index["visage_recognition"]["task"] == ["visage_drawn_recognition"]


def test_a_group_is_left_out_when_a_task_it_needs_was_not_built(tiny_build, tmp_path):
    overlay = write_local_tasks("viprobe", tiny_build, tmp_path / "tasks")
    # muller_lyer alone: its own two tasks, and the `size` union (made of it) and `all`
    names = sorted(path.stem for path in overlay.files)
    seeing = ("viprobe_all", "viprobe_muller_lyer", "viprobe_size")
    assert names == sorted(
        f"{name}{variant}{blind}"
        for name in seeing
        for variant in ("", "_instructed")
        for blind in ("", "_noimage")
    )
    assert "group viprobe (needs viprobe_color, viprobe_orientation)" in overlay.summary()
    manager = task_manager(tmp_path / "tasks")
    assert manager.all_groups == []
    assert manager.task_index["viprobe_cases"]["task"] == ["viprobe_muller_lyer"]
    assert sorted(manager.task_index["viprobe_categories"]["task"]) == ["viprobe_size"]


def test_every_task_and_the_group_of_a_full_build_and_the_borrowed_task(lite_build, tmp_path):
    overlay = write_local_tasks("vlmbias", lite_build, tmp_path / "tasks")
    packaged = sorted(path.name for path in (TASKS_ROOT / "vlmbias").glob("*.yaml"))
    assert sorted(path.name for path in overlay.files) == sorted([*packaged, f"{BORROWED}.yaml"])
    assert overlay.summary() == ""
    task = lines(overlay.folder / "vlmbias_game_boards_main.yaml")
    assert task == [
        f'include: "{TASKS_ROOT / "vlmbias" / "vlmbias_game_boards_main.yaml"}"',
        f'dataset_path: "{lite_build.resolve()}"',
    ]
    installed = lmms_eval_tasks()
    assert installed is not None, "lmms-eval is the `eval` extra"
    assert lines(overlay.folder / f"{BORROWED}.yaml") == [
        f'include: "{installed / "vlms_are_biased" / "vlms_are_biased.yaml"}"',
        f"task: {BORROWED}",
        f'dataset_path: "{lite_build.resolve()}"',
    ]
    manager = task_manager(tmp_path / "tasks")
    assert BORROWED in manager.all_subtasks and manager.all_groups == ["vlmbias"]
    assert BORROWED not in manager.task_index["vlmbias_main"]["task"]


def test_a_hub_id_gets_every_task_because_its_configs_cannot_be_checked_offline(tmp_path):
    overlay = write_local_tasks("visage", "someone/visage", tmp_path / "tasks")
    assert sorted(path.stem for path in overlay.files) == sorted(family_eval("visage").tasks().task_sources())
    assert lines(overlay.folder / "visage_external.yaml")[1] == 'dataset_path: "someone/visage"'


def test_a_new_overlay_replaces_an_earlier_one_and_refuses_files_it_did_not_write(
    built, lite_build, tmp_path
):
    out = tmp_path / "tasks"
    write_local_tasks("visage", "someone/visage", out)
    assert (out / "visage" / "visage_external.yaml").is_file()
    write_local_tasks("visage", built("visage", "lite"), out)
    assert not (out / "visage" / "visage_external.yaml").exists()  # no stale task of an unbuilt config
    write_local_tasks("vlmbias", lite_build, out)  # other families' folders are left alone
    assert (out / "visage" / "visage_drawn.yaml").is_file()
    (out / "visage" / "notes.txt").write_text("mine")
    with pytest.raises(Exception, match=r"holds 'notes.txt', which `python -m eval tasks` did not write"):
        write_local_tasks("visage", "someone/visage", out)
    assert (out / "visage" / "notes.txt").read_text() == "mine"


def test_a_build_of_another_family_is_refused_in_one_sentence(lite_build, tmp_path, capsys):
    assert main(["tasks", "visage", "--data", str(lite_build), "--out", str(tmp_path / "t")]) == 2
    assert capsys.readouterr().err == (
        f"error: {str(lite_build)!r} holds a vlmbias build, not visage; pass a visage build\n"
    )
    assert not (tmp_path / "t").exists()


def test_a_partial_build_gets_the_borrowed_task_on_its_default_config_but_not_the_group(tmp_path):
    from builders.core.build import build
    from builders.families import get_family

    folder = build(
        get_family("vlmbias"), configs=["game_boards"], preset="lite", out=tmp_path, progress=False
    )
    overlay = write_local_tasks("vlmbias", folder.folder, tmp_path / "tasks")
    assert (overlay.folder / f"{BORROWED}.yaml").is_file()  # `all` holds game_boards' main
    text = yaml.safe_load((overlay.folder / f"{BORROWED}.yaml").read_text())
    assert text["dataset_path"] == str(folder.folder.resolve())
    assert "group vlmbias (needs vlmbias_animals_main" in overlay.summary()


@pytest.mark.parametrize("family", family_names())
def test_every_declared_task_knows_the_split_it_reads(family):
    """Through its variant or its template, itself or the template that one includes."""
    tasks = family_eval(family).tasks()
    for name, (_, variant) in tasks.task_sources().items():
        assert variant.split_of() in get_family(family).splits, (name, variant.split_of())


def test_a_variant_whose_template_includes_another_reads_that_ones_split(built, tmp_path):
    folder = built("illusionbench", "lite")
    overlay = write_local_tasks("illusionbench", folder, tmp_path / "tasks")
    names = {path.stem for path in overlay.files}
    for config in BuiltFolder(folder).config_names():
        for suffix in ("", "_circular", "_lmms_prompt", "_descriptions", "_stepbystep"):
            assert f"illusionbench_plus_{config}{suffix}" in names, (config, suffix)
            assert f"illusionbench_plus_{config}{suffix}_noimage" in names, (config, suffix)
    assert not any(name.startswith("illusionbench_plus_real_scene") for name in names)
