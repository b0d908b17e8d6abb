#include <Poco/Logger.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

#include "admin/Provisioner.hpp"
#include "app/Banner.hpp"
#include "app/Subsystems.hpp"

namespace lodestone::app {
namespace {

// Appends `text` to `file`, created with mode 0600 (and made 0600 if it was not).
void writeSecretsFile(const std::filesystem::path& file, const std::string& text) {
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) {
        throw std::runtime_error("cannot write the provisioned API keys to " + file.string() +
                                 ": " + std::strerror(errno) +
                                 " (set provision.secrets_file to a writable path)");
    }
    ::fchmod(fd, 0600);
    std::size_t written = 0;
    while (written < text.size()) {
        const auto n = ::write(fd, text.data() + written, text.size() - written);
        if (n <= 0) {
            const std::string error = std::strerror(errno);
            ::close(fd);
            throw std::runtime_error("cannot write the provisioned API keys to " + file.string() +
                                     ": " + error);
        }
        written += static_cast<std::size_t>(n);
    }
    ::fsync(fd);
    ::close(fd);
}

// Beside the SQLite file, which is lodestoned's own folder. PostgreSQL has no such folder on this
// host: systemd's StateDirectory (/var/lib/lodestone, given as $STATE_DIRECTORY) is the
// service's own, else the config file's folder.
std::filesystem::path defaultSecretsFile(const config::Config& config) {
    constexpr const char* kName = "provisioned-keys.txt";
    if (config.storage.driver == "sqlite") return config.storage.path.parent_path() / kName;
    if (const char* state = std::getenv("STATE_DIRECTORY"); state && *state) {
        const std::string first(state, std::strcspn(state, ":"));  // systemd lists several so
        return std::filesystem::path(first) / kName;
    }
    return config.file.parent_path() / kName;
}

void checkWritable(const std::filesystem::path& file) {
    const auto folder = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
    const bool exists = ::access(file.c_str(), F_OK) == 0;
    if (exists ? ::access(file.c_str(), W_OK) != 0 : ::access(folder.c_str(), W_OK) != 0) {
        throw std::runtime_error("cannot write provisioned API keys to " + file.string() + ": " +
                                 std::strerror(errno) +
                                 " (set provision.secrets_file to a writable path)");
    }
}

}  // namespace

void ProvisioningSubsystem::apply(const config::Config& config) {
    if (config.provision.organisations.empty()) return;
    // Keys are generated once and kept only as hashes: where they will be written is checked
    // before any is made, so a key never exists that nobody was shown.
    const bool terminal = ::isatty(STDOUT_FILENO);
    const auto secrets = config.provision.secretsFile.value_or(defaultSecretsFile(config_));
    if (!terminal) checkWritable(secrets);
    auto report = admin::provision(storage_.store(), config.provision, clock_);
    auto& log = Poco::Logger::get("lodestone.provision");
    for (const auto& warning : admin::provisionWarnings(config)) log.warning(warning);
    for (const auto& change : report.changes) log.information(change);
    if (report.changes.empty()) log.information("provisioned organisations are up to date");
    if (report.newKeys.empty()) return;
    // The public URL in force is the one read at start (it is not reloaded).
    if (terminal) {
        printNewKeys(std::cout, report, config_.server.publicUrl);
        return;
    }
    // Not a terminal: standard output goes to a journal or a file that keeps it for good, and
    // to whoever can read those. The keys go to a file only its owner can read.
    std::ostringstream banner;
    printNewKeys(banner, report, config_.server.publicUrl);
    writeSecretsFile(secrets, banner.str());
    log.warning(
        "%z new API key%s written to %s (readable by its owner only; they are shown nowhere "
        "else: store them safely, then delete the file)",
        report.newKeys.size(), std::string(report.newKeys.size() == 1 ? "" : "s"),
        secrets.string());
}

}  // namespace lodestone::app
