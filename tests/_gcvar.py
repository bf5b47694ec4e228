import gc, os, pytest
MODE = os.environ.get("GCVAR", "")
@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    yield
    if MODE == "collect":
        gc.collect()
    elif MODE == "freeze":
        gc.collect(); gc.freeze()
