"""`python -m builders ...`"""

import sys

from builders.cli import main

if __name__ == "__main__":
    sys.exit(main())
