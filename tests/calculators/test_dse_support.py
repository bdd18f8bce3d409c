"""The dse_support calculator against its source, IBM's blog post on data set encryption
(seed 003): which MQ data sets can be encrypted at which MQ level, checked for every data
set and level."""
from __future__ import annotations

import pytest

import calc
from tests.conftest import cited_document

DSE = calc.calculator("dse_support")
MEDIA_MANAGER = {"page_set_0", "page_sets_1_99", "active_log"}
"""Page sets and active logs: "Both of these data set types are accessed using IBM Media
Manager calls" (seed 003, its opening paragraph)."""


@pytest.mark.parametrize("data_set", DSE.inputs["data_set"].choices)
@pytest.mark.parametrize("mq_level", DSE.inputs["mq_level"].choices)
def test_only_media_manager_data_sets_wait_for_914_cdr_and_smds_never_encrypts(data_set,
                                                                              mq_level):
    """9.1.4 CDR "introduces data set encryption support for some MQ data sets that are
    accessed via Media Manager – page sets and active logs"; "Existing non-media manager
    data sets continue to support data set encryption, e.g. BSDS and archive logs"; SMDS is
    "No" in both columns of the support statement."""
    out = calc.evaluate("dse_support", {"data_set": data_set, "mq_level": mq_level})
    assert out["via_media_manager"] == (data_set in MEDIA_MANAGER)
    expected = data_set != "smds" and (mq_level == "v914_cdr_or_later"
                                       or data_set not in MEDIA_MANAGER)
    assert out["supported"] == expected
    assert (out["symptom"] == "none") == expected


@pytest.mark.ibm_texts
def test_every_symptom_is_the_support_statements():
    text = " ".join(cited_document("003_a65b9f47387b24ec.txt").read_text(
        encoding="utf-8").split()).lower()
    for data_set in DSE.inputs["data_set"].choices:
        symptom = calc.evaluate("dse_support", {"data_set": data_set,
                                                "mq_level": "before_914_cdr"})["symptom"]
        words = symptom.split(" (")[0].lower()
        assert symptom == "none" or words in text, (data_set, symptom)
