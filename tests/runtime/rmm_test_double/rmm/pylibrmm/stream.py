"""TEST DOUBLE of ``rmm.pylibrmm.stream`` (see the package doc)."""

DEFAULT_STREAM = object()
