#include "bench/support/Lodestoned.hpp"

#include <signal.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "bench/support/RunDir.hpp"

namespace lodestone::bench {

using namespace std::chrono_literals;

const std::string kApiKey = "lsk_bench_0000000000000000000000000000000";

std::string serverAndStorageYaml(const std::string& synchronous) {
    return std::string("server:\n  listen: \"127.0.0.1:0\"\n") +
           "storage:\n  path: " + RunDir::kDatabase + "\n  synchronous: " + synchronous + "\n";
}

std::string noopPluginsYaml() {
    std::ostringstream yaml;
    yaml << "plugins:\n"
         << "  research:\n    library: " << NOOP_RESEARCH_PATH << "\n"
         << "  content:\n    library: " << NOOP_CONTENT_PATH << "\n";
    return yaml.str();
}

std::string unthrottledYaml(const std::vector<std::string>& limits) {
    std::string yaml = "limits: {";
    for (std::size_t i = 0; i < limits.size(); ++i) {
        yaml += (i == 0 ? " " : ", ") + limits[i] + ": 1000000";
    }
    return yaml + " }\n";
}

std::string organisationYaml(std::int64_t credits, const std::string& entries) {
    std::ostringstream yaml;
    yaml << "provision:\n  organisations:\n    - name: Bench\n"
         << "      initial_credits: " << credits << "\n"
         << entries << "      api_keys:\n        - { name: bench, key: " << kApiKey << " }\n";
    return yaml.str();
}

lodestone::test::ChildProcess launchLodestoned(const std::filesystem::path& configFile) {
    return lodestone::test::ChildProcess(LODESTONED_PATH, {"--config", configFile.string()});
}

std::uint16_t waitUntilListening(lodestone::test::ChildProcess& daemon) {
    static const std::regex listening(R"(listening on http://[^\s]+:(\d+))");
    std::uint16_t port = 0;
    lodestone::test::eventually(
        [&] {
            std::smatch match;
            std::string log = daemon.errors();
            if (std::regex_search(log, match, listening)) {
                port = static_cast<std::uint16_t>(std::stoi(match[1].str()));
                return true;
            }
            return !daemon.running();
        },
        60s);
    if (port == 0) {
        throw std::runtime_error("lodestoned did not start listening. Its log:\n" +
                                 daemon.errors());
    }
    return port;
}

void writePidFile(const std::optional<std::filesystem::path>& file, pid_t pid) {
    if (file) std::ofstream(*file) << pid << "\n";
}

void pauseBefore(const std::string& what, int seconds) {
    if (seconds <= 0) return;
    std::cerr << "pausing " << seconds << " s before " << what << "\n";
    std::this_thread::sleep_for(std::chrono::seconds(seconds));
}

std::string DaemonExit::text() const {
    if (!status_) return "did not exit";
    return status_->code ? "code " + std::to_string(*status_->code)
                         : "signal " + std::to_string(status_->signal.value_or(0));
}

DaemonExit stopLodestoned(lodestone::test::ChildProcess& daemon) {
    daemon.signal(SIGTERM);
    auto status = daemon.wait(60s);
    if (!status) {
        daemon.signal(SIGKILL);
        daemon.wait(10s);
    }
    return DaemonExit(status);
}

}  // namespace lodestone::bench
