"""TEST DOUBLE of ``rmm.pylibrmm`` (see the package doc)."""
