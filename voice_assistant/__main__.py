from voice_assistant.cli import main

raise SystemExit(main())
