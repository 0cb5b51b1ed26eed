"""A gin policy trained with the PettingZoo env, then played at a table with one command.

Train (imitation of our ``medium`` level: at every decision of the AEC env, the policy learns
the action the heuristic takes, from the observation and the mask the env gives; a linear
softmax fit by gradient descent, NumPy only)::

    python examples/agent/gin_linear.py --deals 300 --out gin_linear.npz

Play it against a friend in the browser (the agent makes the table and prints the friend's
invite link)::

    GIN_LINEAR=gin_linear.npz cardtable agent http://127.0.0.1:8000 --game gin \\
        --policy examples/agent/gin_linear.py:act

``act(obs)`` takes exactly what ``env.observe(agent)`` returns and answers an action id.
"""

from __future__ import annotations

import argparse
import os
import random
from typing import Any

import numpy as np

_WEIGHTS: dict[str, np.ndarray] = {}


def act(obs: dict[str, Any]) -> int:
    """The highest-scoring action the mask allows."""
    if not _WEIGHTS:
        data = np.load(os.environ.get("GIN_LINEAR", "gin_linear.npz"))
        _WEIGHTS.update(w=data["w"], b=data["b"])
    logits = obs["observation"] @ _WEIGHTS["w"] + _WEIGHTS["b"]
    logits[obs["action_mask"] == 0] = -np.inf
    return int(np.argmax(logits))


def collect(deals: int, seed: int = 0, max_actions: int = 400) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(observations, masks, the teacher's actions) from ``deals`` deals of the AEC env."""
    from cardtable.bots import bot_move, make_bot
    from cardtable.rl import aec_env

    env = aec_env("gin", max_actions=max_actions)
    teacher = make_bot("gin", "medium")
    rng = random.Random(seed)
    xs, ms, ys = [], [], []
    for k in range(deals):
        env.reset(seed=seed + k)
        for agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seat = int(agent.split("_")[1])
            state = env.dp.state
            move = bot_move(teacher, state, seat, rng)   # the teacher sees the seat's view only
            action = env.codec.actions_of(state.canonical_move(move))[0]
            if not obs["action_mask"][action]:           # a knock the mask reaches by sub-steps
                action = int(np.flatnonzero(obs["action_mask"])[0])
            xs.append(obs["observation"])
            ms.append(obs["action_mask"])
            ys.append(action)
            env.step(action)
    return np.array(xs, dtype=np.float32), np.array(ms, dtype=np.int8), np.array(ys)


def train(xs: np.ndarray, ms: np.ndarray, ys: np.ndarray, epochs: int = 30, lr: float = 0.5,
          seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """A masked linear softmax fit to the teacher's actions (full-batch gradient descent)."""
    n, d = xs.shape
    k = ms.shape[1]
    rs = np.random.default_rng(seed)
    w = rs.normal(0, 0.01, (d, k)).astype(np.float32)
    b = np.zeros(k, dtype=np.float32)
    onehot = np.zeros((n, k), dtype=np.float32)
    onehot[np.arange(n), ys] = 1.0
    for _ in range(epochs):
        logits = xs @ w + b
        logits[ms == 0] = -1e9
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) / n
        w -= lr * (xs.T @ g)
        b -= lr * g.sum(axis=0)
    return w, b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="gin_linear.npz")
    args = ap.parse_args()
    xs, ms, ys = collect(args.deals, args.seed)
    w, b = train(xs, ms, ys, args.epochs, seed=args.seed)
    logits = xs @ w + b
    logits[ms == 0] = -np.inf
    agree = float((logits.argmax(axis=1) == ys).mean())
    np.savez(args.out, w=w, b=b)
    print(f"{len(ys)} decisions from {args.deals} deals; agrees with the teacher on {agree:.0%}; "
          f"weights in {args.out}")


if __name__ == "__main__":
    main()
