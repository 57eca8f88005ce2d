// The web build globs src/platform/*.cpp; browsers have no TCP sockets.
#ifndef __EMSCRIPTEN__
#include "gat_socket.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "games/geister/gat.h"

namespace gamut {

static int connect_to(const std::string& host, int port, std::string& err) {
  addrinfo hints{}, *res = nullptr;
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  int rc = getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &res);
  if (rc != 0) {
    err = std::string("cannot resolve ") + host + ": " + gai_strerror(rc);
    return -1;
  }
  int fd = -1;
  for (addrinfo* a = res; a && fd < 0; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
      err = std::string("cannot connect to ") + host + ":" + std::to_string(port) + ": " + std::strerror(errno);
      close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(res);
  return fd;
}

static bool send_all(int fd, const std::string& s) {
  for (size_t off = 0; off < s.size();) {
    ssize_t n = send(fd, s.data() + off, s.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    off += size_t(n);
  }
  return true;
}

GatResult gat_play(const std::string& host, int port, const std::string& bot, uint64_t seed, std::ostream* log) {
  GatResult r;
  geister::gat::Client client(make_bot(bot), seed);
  int fd = connect_to(host, port, r.error);
  if (fd < 0) return r;
  size_t logged = 0;
  auto flush_log = [&] {
    for (; log && logged < client.log.size(); ++logged) *log << client.log[logged] << "\n" << std::flush;
  };
  char buf[4096];
  while (!client.over()) {
    if (client.retry_due()) {
      pollfd p{fd, POLLIN, 0};
      if (poll(&p, 1, geister::gat::Client::kRetryMs) == 0) {
        std::string out = client.retry();
        flush_log();
        if (!send_all(fd, out)) {
          r.error = std::string("send: ") + std::strerror(errno);
          break;
        }
        continue;
      }
    }
    ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      r.error = n == 0 ? "server closed the connection" : std::string("recv: ") + std::strerror(errno);
      break;
    }
    std::string out;
    try {
      out = client.feed(std::string(buf, size_t(n)));
    } catch (const std::exception& e) {
      r.error = e.what();
      break;
    }
    flush_log();
    if (!out.empty() && !send_all(fd, out)) {
      r.error = std::string("send: ") + std::strerror(errno);
      break;
    }
  }
  flush_log();
  close(fd);
  r.result = client.result();
  r.moves = client.moves_sent();
  r.refused = client.refused();
  return r;
}

}  // namespace gamut
#endif
