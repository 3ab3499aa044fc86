"""`python -m builders ...`"""

if __name__ == "__main__":  # not in worker processes, which import this module as `__mp_main__`
    from builders.core.interrupts import exit_on_interrupt, exit_with

    exit_on_interrupt("interrupted; nothing was written to the output folder")  # before the heavy imports

    from builders.cli import main

    exit_with(main())
