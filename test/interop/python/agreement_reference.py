"""The reference figures for Outpost's agreement statistics (shared/quality/).

Reads a JSON list of rating matrices (items x raters, null where a rater did not rate an item) on
standard input and writes, for each, what scikit-learn, statsmodels and the krippendorff package
answer, as JSON on standard output. A figure the reference refuses to compute (it raises) is
written as {"refused": "<why>"}; NaN is written as the string "NaN", which JSON cannot carry.
"""
import json
import math
import sys
import warnings

import krippendorff
import numpy as np
from sklearn.metrics import cohen_kappa_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

warnings.simplefilter("ignore")  # 0 / 0 warnings: the NaN they announce is the answer.


def figure(compute):
    try:
        value = float(compute())
    except (ValueError, AssertionError, ZeroDivisionError) as error:
        return {"refused": f"{type(error).__name__}: {error}"}
    return "NaN" if math.isnan(value) else value


def cohen(matrix, weights):
    pairs = [(row[0], row[1]) for row in matrix if row[0] is not None and row[1] is not None]
    first = [a for a, _ in pairs]
    second = [b for _, b in pairs]
    return figure(lambda: cohen_kappa_score(first, second, weights=weights))


def fleiss(matrix):
    complete = [row for row in matrix if len(row) > 0 and all(value is not None for value in row)]

    def compute():
        counts, _ = aggregate_raters(np.array(complete, dtype=float).reshape(len(complete), -1))
        return fleiss_kappa(counts, method="fleiss")

    return figure(compute)


def alpha(matrix, level):
    data = np.array(
        [[np.nan if value is None else value for value in row] for row in matrix], dtype=float
    ).reshape(len(matrix), -1)
    return figure(lambda: krippendorff.alpha(reliability_data=data.T, level_of_measurement=level))


def reference(matrix):
    answer = {
        "fleiss": fleiss(matrix),
        **{f"alpha_{level}": alpha(matrix, level) for level in ("nominal", "ordinal", "interval", "ratio")},
    }
    if matrix and len(matrix[0]) >= 2:
        answer.update({f"cohen_{weights or 'none'}": cohen(matrix, weights) for weights in (None, "linear", "quadratic")})
    return answer


json.dump([reference(matrix) for matrix in json.load(sys.stdin)], sys.stdout)
