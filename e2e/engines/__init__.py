"""The game driven in every browser engine through one small interface (docs/development.md "Engines").

- :mod:`engines.driver`: the interface: an :class:`~engines.driver.Engine` opens a
  :class:`~engines.driver.Tab` in a fresh profile; a tab navigates, clicks, presses keys, fills a
  field, evaluates a function in the page, runs a script before the page's own, and collects the
  console errors, uncaught exceptions and unhandled rejections that fail a test.
- one implementation per engine: :mod:`engines.chromium` (Debian's Chromium through Playwright),
  :mod:`engines.firefox` (Debian's Firefox ESR over WebDriver BiDi through npm puppeteer-core,
  ``firefox_bridge.js``), :mod:`engines.webkit` (WebKitGTK's MiniBrowser through its
  WebKitWebDriver and PyPI selenium, under Xvfb).
- :mod:`engines.frame`: a tab whose page is a same-origin iframe of a given size (a phone's screen in every
  engine), driven through a tab of any of them.
- :mod:`engines.game`: the game's public test hooks (docs/protocol.md "Test hooks") read and
  driven through a tab, so that e2e/test_engines.py writes each scenario once for all engines.
"""
