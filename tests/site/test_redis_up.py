"""scripts/redis-up (run by `make run` and `make test`) on a machine without Redis."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, _free_port


def test_without_redis_server_and_root_it_stops_with_the_command_to_run(tmp_path: Path):
    """Not root (or no apt): no bare "connection refused", but the exact command."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("bash", "dirname", "seq", "sleep", "mkdir", "env", "cat"):
        os.symlink(shutil.which(tool), bin_dir / tool)
    (bin_dir / "id").write_text("#!/bin/bash\necho 1000\n")  # an ordinary user
    (bin_dir / "id").chmod(0o755)
    result = subprocess.run(
        [str(bin_dir / "bash"), str(ROOT / "scripts" / "redis-up")],
        cwd=ROOT,
        env={
            "PATH": str(bin_dir),
            "REDIS_URL": f"redis://127.0.0.1:{_free_port()}",
            "PYTHON": sys.executable,
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "redis-server is not installed" in result.stderr
    assert "sudo apt-get install redis-server" in result.stderr
    assert "refused" not in result.stderr.lower()
