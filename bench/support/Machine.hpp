#pragma once

#include <sys/types.h>

#include <string>

namespace lodestone::bench {

// What the figures were measured on; printed with them, since they only compare on one machine.
struct Machine {
    unsigned cpus = 0;
    std::string cpuModel;

    static Machine describe();
    std::string text() const;  // "2 CPUs, <model>"
};

// CPU seconds (user + system) another process has used so far, from /proc/<pid>/stat; 0 when
// it cannot be read.
double processCpuSeconds(pid_t pid);
// CPU seconds every process of the machine has used since boot, all CPUs together (the "cpu"
// line of /proc/stat, idle and I/O wait left out): on a shared machine, what the others took.
double machineBusySeconds();

// CPU time (user + system) the daemon and the bench used over one stretch of a run: whether the
// daemon was CPU-bound, and how much of the machine the bench itself took from it.
struct CpuUse {
    double daemon = 0;
    double bench = 0;
};

class CpuMeter {
  public:
    // Both processes from now.
    explicit CpuMeter(pid_t daemon);
    // The bench from now, and a daemon about to be launched from its start.
    static CpuMeter beforeLaunch();

    CpuUse used(pid_t daemon) const;

  private:
    CpuMeter(double daemonBefore, double benchBefore)
        : daemonBefore_(daemonBefore), benchBefore_(benchBefore) {}

    double daemonBefore_;
    double benchBefore_;
};

}  // namespace lodestone::bench
