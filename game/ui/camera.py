"""The camera: which part of a map larger than the view is shown, centred on the hero when possible."""
from __future__ import annotations


class Camera:
    """Maps world pixels to view pixels. Small maps are centred; large ones follow the target, clamped."""

    def __init__(self, view_w: int, view_h: int, world_w: int, world_h: int) -> None:
        self.view_w, self.view_h = view_w, view_h
        self.world_w, self.world_h = world_w, world_h
        self.x = 0.0
        self.y = 0.0

    def _clamp(self, value: float, view: int, world: int) -> float:
        if world <= view:
            return -(view - world) / 2  # centred, negative offset
        return max(0.0, min(value, world - view))

    def look_at(self, wx: float, wy: float) -> None:
        """Jump so (wx, wy) is in the centre of the view (as far as the map's edges allow)."""
        self.x = self._clamp(wx - self.view_w / 2, self.view_w, self.world_w)
        self.y = self._clamp(wy - self.view_h / 2, self.view_h, self.world_h)

    def follow(self, wx: float, wy: float, dt: float, speed: float = 8.0) -> None:
        """Glide towards centring (wx, wy); `speed` is the fraction per second (clamped to 1)."""
        tx = self._clamp(wx - self.view_w / 2, self.view_w, self.world_w)
        ty = self._clamp(wy - self.view_h / 2, self.view_h, self.world_h)
        k = min(1.0, speed * dt)
        self.x += (tx - self.x) * k
        self.y += (ty - self.y) * k

    def to_view(self, wx: float, wy: float) -> tuple[int, int]:
        return round(wx - self.x), round(wy - self.y)

    def to_world(self, vx: float, vy: float) -> tuple[float, float]:
        return vx + self.x, vy + self.y
