"""`python -m builders ...`"""

if __name__ == "__main__":  # not in worker processes, which import this module as `__mp_main__`
    try:  # Ctrl-C while the handler is being installed: the same one line, never a traceback
        from builders.core.interrupts import exit_on_interrupt, exit_with

        exit_on_interrupt("interrupted; nothing was written to the output folder")  # before the heavy imports
    except KeyboardInterrupt:
        import os

        os.write(2, b"error: interrupted; nothing was written to the output folder\n")
        os._exit(130)

    from builders.cli import main

    exit_with(main())
