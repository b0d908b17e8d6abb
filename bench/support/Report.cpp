#include "bench/support/Report.hpp"

#include <iomanip>
#include <iostream>
#include <sstream>

namespace lodestone::bench {

void Table::row(const std::string& label, const std::string& value) const {
    std::cout << "  " << std::left << std::setw(labelWidth_) << label << value << "\n";
}

std::string fixed(double value, int digits) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(digits) << value;
    return out.str();
}

std::string latencies(const Summary& s, int digits) {
    return "p50 " + fixed(s.p50, digits) + "  p90 " + fixed(s.p90, digits) + "  p99 " +
           fixed(s.p99, digits) + "  max " + fixed(s.max, digits) +
           " ms  (n=" + std::to_string(s.count) + ")";
}

std::string statusCounts(const std::map<int, std::int64_t>& statuses) {
    std::string out;
    for (auto [status, count] : statuses) {
        out += (out.empty() ? "" : ", ") + std::to_string(status) + ": " + std::to_string(count);
    }
    return out.empty() ? "none" : out;
}

std::string cpuText(const CpuUse& cpu) {
    return fixed(cpu.daemon, 2) + " s / " + fixed(cpu.bench, 2) + " s";
}

Poco::JSON::Object::Ptr jsonObject() {
    return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

Poco::JSON::Object::Ptr jsonSummary(const Summary& s) {
    auto o = jsonObject();
    o->set("count", s.count);
    o->set("p50", s.p50);
    o->set("p90", s.p90);
    o->set("p99", s.p99);
    o->set("max", s.max);
    return o;
}

Poco::JSON::Object::Ptr jsonStatuses(const std::map<int, std::int64_t>& statuses) {
    auto o = jsonObject();
    for (auto [status, count] : statuses) o->set(std::to_string(status), count);
    return o;
}

void setCpu(Poco::JSON::Object& object, const CpuUse& cpu) {
    object.set("daemonCpuSeconds", cpu.daemon);
    object.set("benchCpuSeconds", cpu.bench);
}

void setMachine(Poco::JSON::Object& object, const Machine& machine) {
    object.set("nproc", machine.cpus);
    object.set("cpuModel", machine.cpuModel);
}

void printJsonLine(const Poco::JSON::Object& object) {
    object.stringify(std::cout);
    std::cout << std::endl;
}

}  // namespace lodestone::bench
