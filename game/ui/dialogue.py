"""The dialogue screen, over the dungeon: the person's portrait, name, face (N80), what it thinks of you
(N71) and its loyalty (N79); what was said; the choices: the usual options, a moment's replies with their
Measure dice rolled on screen (N77, N78), offers to buy a creature off (C4; a hostile one hears only
these), Draw weapon behind a confirmation (N46), Goodbye.

It only shows views and sends the commands a scripted hero sends too (Talk, Ask, Reply, Offer, DrawWeapon).
Keys: each choice keeps its key for the whole conversation (game/ui/choicekeys.py: 1-9, then letters; G and
Esc leave, N82: leaving early costs nothing; D draws a weapon, Y confirms); Up/Down and Enter; the mouse clicks.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import bindings, logcolours, theme, widgets
from game.ui.card import bound_line
from game.ui.choicekeys import ChoiceKeys, key_label
from game.ui.guide import guide
from game.ui.scene import Scene, SceneRefused
from game.ui.talkart import FACE_COLOURS, draw_face
from game.ui.transcript import Entry, Transcript
from game.world import views
from game.world.commands import (Ask, Coerce, Command, Compel, DrawWeapon, Hand, Lift, Mend, Offer, Order, Recruit,
                                 Reply, Talk, TakeBack, Work)
from game.world.talkview import Choice, TalkView, choices as said_now, recruit_terms, talk_view

if TYPE_CHECKING:
    from game.ui.session import Session

PANEL = pygame.Rect(130, 36, 1020, 648)
LEFT_W = 270
PORTRAIT = 216
NAME_SIZES = (24, 20, 17)  # the person's name at the first of these sizes that fits the left column
ROW_GAP = 4
MIN_TRANSCRIPT = 120  # the words said keep at least this much of the right side above the choices
TURN_SLICE = 0.006  # as the dungeon: a world turn a slice per frame (a reply may spend the last AP)
TONE_COLOURS = {"cold": (232, 120, 100), "plain": theme.TEXT, "warm": (120, 210, 130)}
LOYALTY_BAR = 100  # the bar fills at loyalty 100, the peak of N60


def company_command(hero: int, target: int, key: str) -> Command:
    """The command of a "company:<what>[:<room or item>]" choice (talkview.company_choices)."""
    parts = key.split(":")
    what, arg = parts[1], parts[2] if len(parts) > 2 else ""
    if what == "recruit":
        return Recruit(hero, target)
    if what == "coerce":
        return Coerce(hero, target)
    if what == "lift":
        return Lift(hero, target, int(arg))
    if what == "hand":
        return Hand(hero, target, int(arg))
    if what == "take":
        return TakeBack(hero, target, int(arg))
    return Order(hero, target, what, int(arg) if arg else -1)


def loyalty_gates(world) -> list[tuple[int, str]]:
    """The loyalties that open something, lowest first, with companions.toml's words for them (N44, N39, N60)."""
    rules, lines = world.content.contracts.rules, world.content.companions.lines
    return sorted([(rules["mini_loyalty"], lines["gate_favour"]), (world.content.companions.loyalty,
                    lines["gate_follow"]), (rules["secret_loyalty"], lines["gate_secret"])])


class DialogueScene(Scene):
    """A conversation with `target`: it starts with a Talk command, refused with its reason (SceneRefused)."""

    opaque = False

    def __init__(self, session: Session, target: int, log: widgets.MessageLog) -> None:
        super().__init__()
        self.session, self.driver, self.world = session, session.driver, session.world
        self.hero, self.target, self.log = self.world.hero, target, log
        inner = PANEL.inflate(-2 * widgets.PAD, -2 * widgets.PAD)
        self.right = pygame.Rect(inner.x + LEFT_W + 24, inner.y + 8, inner.w - LEFT_W - 32, inner.h - 40)
        self.transcript = Transcript(self.right.w, self.world.content.dialogue.results["success"])
        self.uid = self.world.uid(target)
        self.selected = 0
        self.confirming = False  # N46: Draw weapon asks once more
        self.keys = ChoiceKeys()  # a choice's key stays the same all conversation
        self.rows: list[tuple[pygame.Rect, Choice]] = []
        self.mouse = (-1, -1)
        self.stale = False  # the view waits for the dice on screen before it shows their outcome...
        self.held: list[tuple[str, tuple[int, int, int]]] = []  # ...and so do the log's lines
        result = self.driver.do(Talk(self.hero, target))
        if not result.ok:
            raise SceneRefused([result.reason])
        self._hear()
        self.view: TalkView = talk_view(self.world, self.hero, target)  # type: ignore[assignment]
        self._refresh()

    # -- the world -------------------------------------------------------------------------------
    def _hear(self) -> None:
        """The events since the last look: the conversation's into the transcript, all heard ones into the log."""
        for event in self.world.pop_events():
            self.transcript.hear(event, self.uid)
            if event.kind == "lift" and event.target == self.uid:  # N48: plainly, whether it worked
                theft = self.world.content.companions.theft_lines
                words = theft["took" if event.data.get("success") else "failed"]
                name = event.target_name or ""
                self.transcript.add(Entry("note", words.format(item=event.data.get("item", ""), name=name)))
            if event.kind != "turn" and self.world.hears(event):
                self.held.append((event.text, logcolours.colour(event, logcolours.ours(self.world))))
        if not self.transcript.busy:
            self._release()

    def _release(self) -> None:
        """The held lines into the dungeon's message log."""
        for line, colour in self.held:
            self.log.add(line, colour)
        self.held.clear()

    def _do(self, command: Command) -> bool:
        result = self.driver.do(command)
        if not result.ok:
            self.transcript.add(Entry("note", result.reason))
        self._hear()
        return result.ok

    def choices(self) -> list[Choice]:
        if self.confirming:
            options = self.world.content.dialogue.options
            return [Choice("confirm_draw", options["confirm_draw"].format(name=self.view.name)),
                    Choice("cancel_draw", options["cancel_draw"])]
        choices = list(self.view.choices)
        if self.view.thinking and not self.view.moment and choices[0].key == "others":  # N71: who likes whom
            at = next(i for i, c in enumerate(choices) if c.key in ("draw", "goodbye"))
            choices.insert(at, Choice("people", guide().people["choice"]))
        return choices

    def choose(self, choice: Choice) -> None:
        """Send what `choice` asks for; the scene closes on goodbye and on a drawn weapon."""
        if self.transcript.busy or self.driver.busy:
            self.transcript.skip()
            return
        if choice.key == "draw":
            self.confirming, self.selected = True, 1  # "No" is the safe default
            return
        if choice.key == "cancel_draw":
            self.confirming, self.selected = False, 0
            return
        if choice.key == "confirm_draw":
            if self._do(DrawWeapon(self.hero, self.target)):
                self._release()
                self.stack.pop()
            self.confirming = False
            return
        if choice.key == "goodbye":
            self.leave()
            return
        if choice.key == "people":  # who likes whom among the people this hero knows (issue 23)
            self.stack.push("people")
            return
        if choice.key == "trade":  # N5: the trade screen, over this one
            self.stack.push("trade", merchant=self.target, log=self.log)
            return
        if choice.key == "offer":  # C4: a bargain, 1 AP won or lost
            self._do(Offer(self.hero, self.target, choice.item))
        elif choice.key.startswith("mend:"):  # C26: the smith mends worn armour for gold
            self._do(Mend(self.hero, self.target, int(choice.key.partition(":")[2])))
        elif choice.key.startswith("work:"):  # N40-N44: contracts and mini-quests
            if self._do(Work(self.hero, self.target, choice.key.partition(":")[2])) and choice.key == "work:accept":
                self.session.hints.notice("first_job")
            if choice.key == "work:ask" and choice.terms and not any(
                    c.key == "work:accept" for c in said_now(self.world, self.hero, self.target)):
                self.transcript.add(Entry("note", choice.terms))  # N44: no favour yet, and what one needs
        elif choice.key.startswith("company:"):  # N4, N38, N48: recruiting and a companion's orders
            self._do(company_command(self.hero, self.target, choice.key))
            if choice.key == "company:recruit" and self.view.loyalty < self.world.content.companions.loyalty:
                self.transcript.add(Entry("note", recruit_terms(self.world, self.hero, self.target)))  # N39
        elif choice.key.startswith("bound:"):  # N54: a spell-bound creature's orders
            self._do(Compel(self.hero, self.target, choice.key.partition(":")[2]))
        else:
            self._do(Reply(self.hero, self.target, choice.approach) if choice.approach
                     else Ask(self.hero, self.target, choice.key))
        self.selected, self.stale = 0, True

    def leave(self) -> None:
        """Goodbye (N82: leaving early costs nothing), back to the dungeon."""
        if not self.driver.busy and talk_view(self.world, self.hero, self.target) is not None:
            self._do(Ask(self.hero, self.target, "goodbye"))
        self._release()
        self.stack.pop()

    def _refresh(self) -> None:
        """The view again; the selection never rests on Draw weapon by itself."""
        view = talk_view(self.world, self.hero, self.target)
        if view is not None:
            self.view = view
            if view.moment:
                self.session.hints.notice("moment")
        choices = self.choices()
        for choice in choices:  # new choices take their keys in the order shown
            self.keys.key_of(choice)
        self.selected = min(self.selected, len(choices) - 1)
        if choices[self.selected].key == "draw":
            self.selected += 1

    # -- scene -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for row, choice in self.rows:
                if row.collidepoint(event.pos):
                    self.selected = self.choices().index(choice)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.session.hints.rect.collidepoint(event.pos):
                self.session.hints.dismiss()
                return
            for row, choice in self.rows:
                if row.collidepoint(event.pos):
                    self.choose(choice)
                    return
            if self.transcript.busy:
                self.transcript.skip()
        elif event.type == pygame.MOUSEWHEEL:
            self.transcript.scroll_by(event.y * 40)

    def _key(self, key: int) -> None:
        choices = self.choices()
        if bindings.action_for(key) == "dismiss_hint" and self.session.hints.dismiss():
            return
        if key == pygame.K_ESCAPE:
            if self.confirming:
                self.confirming, self.selected = False, 0
            else:
                self.leave()
        elif key in (pygame.K_UP, pygame.K_w):
            self.selected = (self.selected - 1) % len(choices)
        elif key in (pygame.K_DOWN, pygame.K_s):
            self.selected = (self.selected + 1) % len(choices)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(choices[self.selected])
        elif (said := self.keys.choice_for(key, choices)) is not None:
            self.selected = choices.index(said)
            self.choose(said)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.transcript.scroll_by(120 if key == pygame.K_PAGEUP else -120)

    @property
    def animating(self) -> bool:
        """Dice rolling on screen, or the world's turn still running behind the talk."""
        return self.transcript.busy or self.driver.busy or self.stale

    def update(self, dt: float) -> None:
        self.transcript.update(dt)
        if self.driver.busy:
            self.driver.advance(TURN_SLICE)
            self._hear()
            if self.driver.busy:
                return
        if self.stale and not self.transcript.busy:
            self.stale = False
            self._release()
            self._refresh()
        if self.world.over:
            self._release()
            self.stack.pop()  # the dungeon shows how the hero died
            return
        gone = talk_view(self.world, self.hero, self.target)
        reason = gone.refusal if gone is not None else "There is no one there."
        if reason and not self.transcript.busy:
            self._release()
            self.log.add(reason, theme.PROBLEM)
            self.stack.pop()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        widgets.veil(surface, (6, 4, 10, 170))
        inner = widgets.panel(surface, PANEL, alpha=248)
        person = pygame.Rect(inner.x, inner.y, LEFT_W, inner.h)
        with widgets.within(person):  # the layout test checks its texts keep to the left column
            self._draw_person(surface, person)
        pygame.draw.line(surface, theme.PANEL_EDGE, (inner.x + LEFT_W + 12, inner.y),
                         (inner.x + LEFT_W + 12, inner.bottom), 1)
        top = self._draw_choices(surface)
        self.transcript.draw(surface, pygame.Rect(self.right.x, self.right.y, self.right.w, top - 14 - self.right.y))
        pygame.draw.line(surface, theme.PANEL_EDGE, (self.right.x, top - 8), (self.right.right, top - 8), 1)
        self.session.hints.draw(surface, pygame.Rect(self.right.x - 8, self.right.y - 8, self.right.w + 16, 0))
        hint = "   ·   ".join(h for _, _, h in bindings.DIALOGUE if h)
        widgets.text(surface, hint, (self.right.centerx, inner.bottom - 18), 13, theme.TEXT_DIM, centre=True)

    def _draw_person(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Portrait, face, name, what it thinks of you, loyalty, and the moment under way."""
        view, dialogue = self.view, self.world.content.dialogue
        frame = pygame.Rect(0, 0, PORTRAIT, PORTRAIT)
        frame.midtop = (area.centerx, area.y + 8)
        pygame.draw.rect(surface, theme.PANEL_DARK, frame, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, frame, 2, border_radius=8)
        creature = views.creature(self.world, self.target) if self.world.alive(self.target) else None
        sprite = self.session.sprites.creature(view.codex_id, creature.footprint if creature else (1, 1))
        scale = (PORTRAIT - 24) / max(sprite.get_size())
        portrait = pygame.transform.scale(sprite, (int(sprite.get_width() * scale), int(sprite.get_height() * scale)))
        surface.blit(portrait, portrait.get_rect(center=frame.center))
        y = frame.bottom + 18
        room = area.w - 8
        size = next((size for size in NAME_SIZES if theme.font(size, True).size(view.name)[0] <= room), NAME_SIZES[-1])
        name = widgets.text(surface, widgets.fit(view.name, size, room, bold=True), (area.centerx, y), size,
                            theme.TITLE, bold=True, centre=True)  # a long name in smaller letters, never past the column
        y = name.bottom + 32
        if creature is not None and creature.bound:  # N56: what binds it, and for how long
            widgets.text(surface, bound_line(creature), (area.centerx, name.bottom + 4), 14, theme.BOUND, centre=True)
        if view.thinking:  # N80: only a person who answers moments shows how a reply landed
            draw_face(surface, (frame.right - 10, frame.bottom - 10), 26, view.face)
            face = dialogue.faces.get(view.face, view.face)
            widgets.text(surface, face, (area.centerx, name.bottom + 2), 14, FACE_COLOURS.get(view.face, theme.TEXT),
                         centre=True)
            regard = view.regard or "indifferent"
            widgets.text(surface, "Thinks of you", (area.x + 8, y), 14, theme.TEXT_DIM)
            widgets.text(surface, regard, (area.right - 8 - theme.font(17, bold=True).size(regard)[0], y - 2), 17,
                         TONE_COLOURS[dialogue.tone.get(regard, "plain")], bold=True)
            y += 30
            widgets.text(surface, "Loyalty", (area.x + 8, y), 14, theme.TEXT_DIM)
            bar = pygame.Rect(area.x + 90, y, area.w - 98, 18)
            widgets.bar(surface, bar, view.loyalty, LOYALTY_BAR, theme.ACCENT, str(view.loyalty))
            y = self._draw_thresholds(surface, bar, area, view.loyalty) + 10
        if view.moment:
            box = pygame.Rect(area.x + 4, y, area.w - 8, 56)
            pygame.draw.rect(surface, (48, 38, 64), box, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=6)
            widgets.text(surface, "A moment", (box.centerx, box.y + 6), 13, theme.TEXT_DIM, centre=True)
            widgets.text(surface, view.moment, (box.centerx, box.y + 26), 17, theme.ACCENT, bold=True, centre=True)

    def _draw_thresholds(self, surface: pygame.Surface, bar: pygame.Rect, area: pygame.Rect, loyalty: int) -> int:
        """The loyalty the rules gate on, ticked on the bar and named under it, reached ones bright (N39, N44,
        N60); returns the y below."""
        y = bar.bottom + 4
        for need, words in loyalty_gates(self.world):
            x = bar.x + round(bar.w * min(need, LOYALTY_BAR) / LOYALTY_BAR)
            pygame.draw.line(surface, theme.TEXT, (x, bar.y - 2), (x, bar.bottom + 1), 2)
            colour = theme.FRIEND if loyalty >= need else theme.TEXT_DIM
            y = widgets.text(surface, f"{need}: {words}", (area.x + 8, y), 12, colour, width=area.w - 16).bottom
        return y

    def _draw_choices(self, surface: pygame.Surface) -> int:
        """The choices at the foot of the right side, numbered; returns the top of the first (or of the
        question a Draw weapon asks)."""
        choices = self.choices()
        font, wrap = theme.font(16), self.right.w - 190
        images = [font.render(c.label, True, theme.TEXT, wraplength=wrap) for c in choices]
        terms = [theme.font(13).render(c.terms, True, theme.TEXT_DIM, wraplength=self.right.w - 56) if c.terms
                 else None for c in choices]
        heights = [max(30, im.get_height() + 10 + (t.get_height() + 2 if t else 0)) for im, t in zip(images, terms)]
        first, last = shown_rows(heights, min(self.selected, len(heights) - 1), self.right.h - MIN_TRANSCRIPT)
        more = widgets.line_height(13) + ROW_GAP
        y = self.right.bottom - sum(heights[first:last]) - ROW_GAP * (last - first - 1) - \
            more * ((first > 0) + (last < len(heights)))
        top, self.rows = y, []
        if first > 0:  # the rows that do not fit scroll with Up/Down; their keys work all the same
            y = widgets.text(surface, f"↑ {first} more (Up)", (self.right.x + 10, y), 13, theme.TEXT_DIM).bottom + ROW_GAP
        waiting = self.transcript.busy or self.driver.busy or self.stale
        for i, (choice, image, under, h) in enumerate(zip(choices, images, terms, heights)):
            if not first <= i < last:
                continue
            row = pygame.Rect(self.right.x, y, self.right.w, h)
            self.rows.append((row, choice))
            chosen = i == self.selected and not waiting
            danger = choice.key in ("draw", "confirm_draw")
            pygame.draw.rect(surface, (58, 48, 78) if chosen else theme.PANEL_DARK, row, border_radius=5)
            edge = theme.HOSTILE if danger and chosen else theme.ACCENT if chosen else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, row, 1 if not chosen else 2, border_radius=5)
            tint = theme.TEXT_DIM if waiting else theme.HOSTILE if danger else theme.TEXT
            if tint != theme.TEXT:
                image = font.render(choice.label, True, tint, wraplength=wrap)
            widgets.text(surface, key_label(self.keys.key_of(choice)), (row.x + 10, row.y + 5), 16, tint, bold=True)
            if under is None:
                surface.blit(image, (row.x + 36, row.y + (h - image.get_height()) // 2))
            else:  # what it needs or pays, dim, under the words (issue 23)
                surface.blit(image, (row.x + 36, row.y + 5))
                surface.blit(under, (row.x + 36, row.y + 7 + image.get_height()))
            if choice.approach:
                tag = f"{choice.approach} · Measure {choice.points}"
                widgets.text(surface, tag, (row.right - 10 - theme.font(13).size(tag)[0], row.y + (h - 16) // 2), 13,
                             theme.TEXT_DIM)
            y += h + ROW_GAP
        if last < len(heights):
            widgets.text(surface, f"↓ {len(heights) - last} more (Down)", (self.right.x + 10, y), 13, theme.TEXT_DIM)
        if self.confirming:  # N46: the question, plainly, above the answer
            question = self.world.content.dialogue.options["confirm_question"].format(name=self.view.name)
            top = widgets.text(surface, question, (self.right.x, top - 30), 16, theme.HOSTILE, bold=True).y
        return top


def shown_rows(heights: list[int], selected: int, room: int) -> tuple[int, int]:
    """The rows [first, last) that fit in `room` pixels around the selected one, with a line for each side
    left out; all of them when they fit."""
    def height(first: int, last: int) -> int:
        cut = (first > 0) + (last < len(heights))
        return sum(heights[first:last]) + ROW_GAP * (last - first - 1) + cut * (widgets.line_height(13) + ROW_GAP)

    first, last = selected, selected + 1
    while (first, last) != (0, len(heights)):
        wider = [(f, l) for f, l in ((first, last + 1), (first - 1, last)) if f >= 0 and l <= len(heights)]
        fitting = [span for span in wider if height(*span) <= room]
        if not fitting:
            break
        first, last = fitting[0]
    return first, last
