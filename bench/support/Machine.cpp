#include "bench/support/Machine.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

namespace lodestone::bench {

namespace {

double ownCpuSeconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    auto tv = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return tv(usage.ru_utime) + tv(usage.ru_stime);
}

std::string readCpuModel() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            auto colon = line.find(':');
            if (colon != std::string::npos)
                return line.substr(line.find_first_not_of(" \t", colon + 1));
        }
    }
    return "unknown";
}

}  // namespace

// From /proc, as another process's usage is not available through getrusage.
double processCpuSeconds(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto close = text.rfind(')');  // the command name may hold spaces
    if (close == std::string::npos) return 0;
    std::istringstream fields(text.substr(close + 2));
    std::string field;
    double utime = 0, stime = 0;
    // After the name: state is field 3; utime and stime are fields 14 and 15.
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14) utime = std::stod(field);
        if (i == 15) stime = std::stod(field);
    }
    return (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double machineBusySeconds() {
    std::ifstream in("/proc/stat");
    std::string label;
    in >> label;
    if (label != "cpu") return 0;
    // user nice system idle iowait irq softirq steal: guest time is already in user and nice.
    double busy = 0, value = 0;
    for (int i = 0; i < 8 && in >> value; ++i) {
        if (i != 3 && i != 4) busy += value;
    }
    return busy / static_cast<double>(sysconf(_SC_CLK_TCK));
}

Machine Machine::describe() {
    Machine machine;
    machine.cpus = std::thread::hardware_concurrency();
    machine.cpuModel = readCpuModel();
    return machine;
}

std::string Machine::text() const {
    return std::to_string(cpus) + " CPUs, " + cpuModel;
}

CpuMeter::CpuMeter(pid_t daemon)
    : daemonBefore_(processCpuSeconds(daemon)), benchBefore_(ownCpuSeconds()) {}

CpuMeter CpuMeter::beforeLaunch() {
    return CpuMeter(0.0, ownCpuSeconds());
}

CpuUse CpuMeter::used(pid_t daemon) const {
    return CpuUse{processCpuSeconds(daemon) - daemonBefore_, ownCpuSeconds() - benchBefore_};
}

}  // namespace lodestone::bench
