"""The browser table: static HTML, ES modules and CSS served by ``cardtable serve`` (docs/web.md)."""
