from hlopt.cli import main

main()
