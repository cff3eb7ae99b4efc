from voice_assistant.cli.main import main

raise SystemExit(main())
