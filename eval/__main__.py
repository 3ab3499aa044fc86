"""`python -m eval ...`"""

import sys

from eval.cli import main

if __name__ == "__main__":
    sys.exit(main())
