"""A guest's data channel fuzzed: random bytes, random text, cut messages, messages over the
documented size (4096 characters, docs/multiplayer.md) up to 1 MB, and a flood of 1,000 messages a
second. The host stays responsive, nothing at its table changes, and over-long messages are
refused (``bad_message``); afterwards the hand goes on as if nothing had been sent.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from test_together import MY_TURN, Tables, hand, hand_over, join, messages, open_host, play_round, start, tables

__all__ = ["tables"]  # the fixture, from test_together.py

SAVE = "localStorage.getItem('hearts.save.v1')"
# The guest's data channel, as a look in devtools would find it (the page keeps it to itself).
CHANNEL_SPY = """(() => {
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type === "message" && this instanceof RTCDataChannel) window.__channel = this;
    return add.call(this, type, listener, options);
  };
})();"""
# Junk of every kind, `count` messages spread over `seconds`; resolves to what the channel refused to send.
FLOOD = """async ([count, seconds, valid]) => {
  const channel = window.__channel;
  const randomChar = () => String.fromCharCode(Math.floor(Math.random() * 0x10000));
  const randomText = (n) => Array.from({ length: n }, randomChar).join("");
  const junk = (i) => {
    switch (i % 6) {
      case 0: return crypto.getRandomValues(new Uint8Array(1 + (i % 300)));  // bytes, not text
      case 1: return randomText(1 + (i % 200));
      case 2: return valid.slice(0, i % valid.length);  // cut short
      case 3: return JSON.stringify({ type: "play", card: randomText(2) });
      case 4: return "[".repeat(i % 5000);
      default: return "x".repeat(4097 + i);  // just over the limit
    }
  };
  let refused = 0;
  const batches = 20 * seconds;
  for (let batch = 0; batch < batches; batch += 1) {
    for (let i = 0; i < count / batches; i += 1) {
      try { channel.send(junk(batch * 1000 + i)); } catch { refused += 1; }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return refused;
}"""


def errors_to(guest: Page) -> list[str]:
    return [m["error"]["code"] for m in messages(guest) if m["type"] == "error"]


def pass_now(page: Page) -> None:
    count = int(page.locator('[data-action="pass"]').inner_text().split("/")[-1])
    for card in hand(page)[:count]:
        page.click(f'#hand [data-card="{card}"]')
    page.click('[data-action="pass"]')


def drained(guest: Page) -> None:
    """Wait until the guest's channel has sent all it buffered (on a loaded machine that takes seconds after
    the flood's last send), then a little over the host's rate window (GUEST_RATE a second, host.js): until
    then the host drops what comes, as it would drop the guest's own next move."""
    guest.wait_for_function("() => window.__channel.bufferedAmount === 0", timeout=60_000)
    guest.wait_for_timeout(1500)


def test_junk_and_a_flood_from_a_guest_change_nothing_and_the_host_stays_responsive(tables: Tables) -> None:
    host = open_host(tables.page(), rules={"players": 3}, bots=["easy", "easy"])
    guest = tables.page()
    guest.context.add_init_script(CHANNEL_SPY)
    join(host, guest, 1)
    start(host, {1: guest})
    host.wait_for_function(MY_TURN)
    guest.wait_for_function(MY_TURN)
    guest_hand = hand(guest)
    valid = json.dumps({"type": "pass", "cards": guest_hand[:3]})

    # Over the size: refused, by the host's page, with the protocol's error.
    before = errors_to(guest).count("bad_message")
    guest.evaluate("n => window.__channel.send('x'.repeat(n))", 64 * 1024)
    guest.wait_for_function("n => window.__received.filter(t => t.includes('bad_message')).length > n", arg=before)
    # 1 MB: the browser's own limit for one message (SCTP) may refuse to send it; if it goes, the host refuses it.
    guest.evaluate("() => { try { window.__channel.send('x'.repeat(1 << 20)); } catch (err) { return String(err); } }")

    # A flood of junk, 1,000 a second for 3 s; meanwhile the host passes, and its table answers.
    flood = guest.evaluate_handle(f"({FLOOD})([3000, 3, {json.dumps(valid)}])")
    save = host.evaluate(SAVE)
    pass_now(host)
    host.wait_for_function(f"s => {SAVE} !== s", arg=save, timeout=15_000)  # the pass is in, well within the flood
    passed = host.evaluate(SAVE)
    flood.evaluate("p => p")  # the flood has ended
    drained(guest)
    assert host.evaluate(SAVE) == passed, "the junk changed the host's table"
    assert hand(guest) == guest_hand
    assert "bad_message" in errors_to(guest)
    assert "internal" not in errors_to(guest)

    # And the hand goes on. The host's refusals of the flood may still be on their way to the guest,
    # and each one frees the guest's page to choose again (a refusal answers its choice): wait until
    # the guest's page shows its pass made before taking turns, or a late one would offer the pass again.
    pass_now(guest)
    guest.wait_for_function("""() => document.querySelector('#table').dataset.phase !== 'pass'
        || document.querySelector('[data-action="pass"]').hidden""", timeout=30_000)
    play_round([host, guest], hand_over(host))
    expect(guest.locator("#result")).to_be_visible()
