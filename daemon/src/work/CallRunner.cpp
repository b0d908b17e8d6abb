#include "work/CallRunner.hpp"

#include <pthread.h>

namespace lodestone::work {

// Lives as long as the thread or the runner needs it, whichever is longer.
struct CallRunner::Shared {
    std::mutex mutex;
    std::condition_variable changed;
    std::function<std::string()> call;
    bool pending = false;  // a call waits to start
    bool done = false;     // the last call finished
    bool quit = false;     // the runner is gone: exit once idle
    bool interrupted = false;
    bool abandoned = false;
    std::shared_ptr<std::atomic<int>> abandonedCalls;
    std::string output;
    std::exception_ptr error;
};

CallRunner::CallRunner(std::shared_ptr<std::atomic<int>> abandonedCalls)
    : shared_(std::make_shared<Shared>()) {
    shared_->abandonedCalls = std::move(abandonedCalls);
    thread_ = std::thread([shared = shared_] {
        // Named so that an operator (top -H, /proc/<pid>/task) can tell hung plugin calls apart.
        pthread_setname_np(pthread_self(), kThreadName);
        std::unique_lock lock(shared->mutex);
        while (true) {
            shared->changed.wait(lock, [&] { return shared->pending || shared->quit; });
            if (!shared->pending) return;
            auto call = std::move(shared->call);
            shared->pending = false;
            lock.unlock();
            std::string output;
            std::exception_ptr error;
            try {
                output = call();
            } catch (...) {
                error = std::current_exception();
            }
            // What the call holds (a plugin instance among it) goes before it counts as returned,
            // so whoever waits for abandoned calls to return may then unload what they used.
            call = nullptr;
            lock.lock();
            shared->output = std::move(output);
            shared->error = error;
            shared->done = true;
            if (shared->abandoned && shared->abandonedCalls) --*shared->abandonedCalls;
            shared->changed.notify_all();
        }
    });
}

CallRunner::~CallRunner() {
    {
        std::lock_guard lock(shared_->mutex);
        shared_->quit = true;
        shared_->changed.notify_all();
    }
    // An abandoned call may never return; its thread is left to finish (or not) on its own.
    if (abandoned_) {
        thread_.detach();
    } else {
        thread_.join();
    }
}

CallRunner::Ending CallRunner::run(std::function<std::string()> call,
                                   std::chrono::steady_clock::time_point deadline) {
    std::unique_lock lock(shared_->mutex);
    // An interrupt that came before the call still counts (it was meant for whatever ran next):
    // the call does not start at all.
    if (shared_->interrupted) return Ending::Interrupted;
    shared_->call = std::move(call);
    shared_->pending = true;
    shared_->done = false;
    shared_->changed.notify_all();
    bool finished = shared_->changed.wait_until(
        lock, deadline, [&] { return shared_->done || shared_->interrupted; });
    if (shared_->done) {
        output_ = std::move(shared_->output);
        error_ = shared_->error;
        return Ending::Finished;
    }
    abandoned_ = true;
    shared_->abandoned = true;
    if (shared_->abandonedCalls) ++*shared_->abandonedCalls;
    return finished ? Ending::Interrupted : Ending::Overran;
}

void CallRunner::interrupt() {
    std::lock_guard lock(shared_->mutex);
    shared_->interrupted = true;
    shared_->changed.notify_all();
}

}  // namespace lodestone::work
