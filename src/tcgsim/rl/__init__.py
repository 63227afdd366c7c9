"""The reinforcement-learning interface: PettingZoo and Gymnasium environments on the Session (docs/rl.md)."""
