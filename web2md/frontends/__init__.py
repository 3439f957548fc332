"""The front ends people use: the command line, the terminal browser and its ANSI renderer, progress bars, the MCP server."""
