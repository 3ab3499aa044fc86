"""`python -m eval ...`"""

if __name__ == "__main__":
    from builders.core.interrupts import exit_on_interrupt, exit_with

    exit_on_interrupt("interrupted; no output was written")  # before the heavy imports

    from eval.cli import main

    exit_with(main())
