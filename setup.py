"""Build hook for the optional native engine (native/, Rust, no crates).

setuptools-rust compiles `native/` into `yezi/_native*.so` when cargo is on the machine. The
extension is optional: without cargo (or if the build fails) the package installs anyway and
yezi runs on its pure-Python reference engines (yezi/native/__init__.py says so once).
"""

from setuptools import setup

try:
    from setuptools_rust import Binding, RustExtension
except ImportError:  # building without the build requirement (a plain `setup.py` call): no native part
    rust_extensions = []
else:
    rust_extensions = [
        # debug=False: setuptools-rust builds an editable (`pip install -e .`, in place) install in
        # debug mode by default, an engine many times slower than the release profile it is for
        RustExtension("yezi._native", path="native/Cargo.toml", binding=Binding.NoBinding, optional=True,
                      args=["--offline"], debug=False),
    ]

setup(rust_extensions=rust_extensions)
