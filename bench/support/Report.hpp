#pragma once

#include <Poco/JSON/Object.h>

#include <cstdint>
#include <map>
#include <string>

#include "bench/support/Machine.hpp"
#include "bench/support/Stats.hpp"

namespace lodestone::bench {

// The results table on stdout: one "label value" row a line, labels padded to one width.
class Table {
  public:
    explicit Table(int labelWidth) : labelWidth_(labelWidth) {}
    void row(const std::string& label, const std::string& value) const;

  private:
    int labelWidth_;
};

std::string fixed(double value, int digits);
// "p50 1.00  p90 2.00  p99 3.00  max 4.00 ms  (n=5)"
std::string latencies(const Summary& summary, int digits = 2);
// "200: 10, 503: 1", or "none"
std::string statusCounts(const std::map<int, std::int64_t>& statuses);
// "1.00 s / 0.10 s", the daemon's share first
std::string cpuText(const CpuUse& cpu);

// The same figures for --json, keys in the order they are set.
Poco::JSON::Object::Ptr jsonObject();
Poco::JSON::Object::Ptr jsonSummary(const Summary& summary);
Poco::JSON::Object::Ptr jsonStatuses(const std::map<int, std::int64_t>& statuses);
void setCpu(Poco::JSON::Object& object, const CpuUse& cpu);
void setMachine(Poco::JSON::Object& object, const Machine& machine);
// Prints `object` as one line.
void printJsonLine(const Poco::JSON::Object& object);

}  // namespace lodestone::bench
