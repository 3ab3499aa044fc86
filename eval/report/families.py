"""The families the report knows, in page order: the one place a new family's section is listed.

A family adds its figures by writing `eval/report/<family>.py` with a `SECTION` (see
`eval.report.section.FamilySection`) and naming it here.
"""

from __future__ import annotations

from eval.report import aipsych, illusionbench, viprobe, visage, vlmbias
from eval.report.section import FamilySection

SECTIONS: dict[str, FamilySection] = {
    section.name: section
    for section in (vlmbias.SECTION, viprobe.SECTION, visage.SECTION, illusionbench.SECTION, aipsych.SECTION)
}
