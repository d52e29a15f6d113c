/// JSON parse and write figures against Foundation (filled in with the JSONRPC module).
func jsonBenchmarks() -> [Figure] { [] }
