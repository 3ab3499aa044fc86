"""`python -m eval ...`"""

if __name__ == "__main__":
    try:  # Ctrl-C while the handler is being installed: the same one line, never a traceback
        from builders.core.interrupts import exit_on_interrupt, exit_with

        exit_on_interrupt("interrupted; no output was written")  # before the heavy imports
    except KeyboardInterrupt:
        import os

        os.write(2, b"error: interrupted; no output was written\n")
        os._exit(130)

    from eval.cli import main

    exit_with(main())
