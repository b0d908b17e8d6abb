#include "support/Process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace lodestone::test {
namespace {

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

ExitStatus decode(int raw) {
    if (WIFEXITED(raw)) return {WEXITSTATUS(raw), std::nullopt};
    if (WIFSIGNALED(raw)) return {std::nullopt, WTERMSIG(raw)};
    return {};
}

}  // namespace

ChildProcess::ChildProcess(const std::filesystem::path& program,
                           const std::vector<std::string>& args) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    std::string out = (dir_ / "stdout").string(), err = (dir_ / "stderr").string();
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::vector<std::string> argv{program.string()};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> cargv;
    for (auto& arg : argv) cargv.push_back(arg.data());
    cargv.push_back(nullptr);
    int rc = posix_spawn(&pid_, program.c_str(), &actions, nullptr, cargv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) throw std::runtime_error("cannot start " + program.string());
}

ChildProcess::~ChildProcess() {
    if (running()) {
        ::kill(pid_, SIGKILL);
        wait(std::chrono::seconds(10));
    }
}

std::string ChildProcess::output() const {
    return readFile(dir_ / "stdout");
}
std::string ChildProcess::errors() const {
    return readFile(dir_ / "stderr");
}

void ChildProcess::signal(int signo) const {
    ::kill(pid_, signo);
}

std::optional<ExitStatus> ChildProcess::wait(std::chrono::milliseconds timeout) {
    if (status_) return status_;
    auto deadline = std::chrono::steady_clock::now() + timeout;
    do {
        int raw = 0;
        if (::waitpid(pid_, &raw, WNOHANG) == pid_) {
            status_ = decode(raw);
            return status_;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    } while (std::chrono::steady_clock::now() < deadline);
    return std::nullopt;
}

bool ChildProcess::running() {
    return !wait(std::chrono::milliseconds(0)).has_value();
}

Completed runToCompletion(const std::filesystem::path& program,
                          const std::vector<std::string>& args, std::chrono::milliseconds timeout) {
    ChildProcess child(program, args);
    auto status = child.wait(timeout);
    if (!status) {
        child.signal(SIGKILL);
        status = child.wait(std::chrono::seconds(10));
    }
    return {*status, child.output(), child.errors()};
}

}  // namespace lodestone::test
