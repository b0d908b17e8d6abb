#include "bench/support/DaemonPhase.hpp"

#include <fstream>

namespace lodestone::bench {

PhaseEnd endPhase(lodestone::test::ChildProcess& daemon, const std::string& name, const RunDir& dir,
                  bool keep) {
    PhaseEnd end;
    end.name = name;
    end.exit = stopLodestoned(daemon);
    const std::string log = daemon.errors();
    end.problems = logProblems(log);
    if (keep) std::ofstream(dir.path() / ("lodestoned-" + name + ".log")) << log;
    return end;
}

}  // namespace lodestone::bench
