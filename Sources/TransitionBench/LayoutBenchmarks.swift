import TransitionEngine

func layoutBenchmarks() -> [Figure] { [] }
