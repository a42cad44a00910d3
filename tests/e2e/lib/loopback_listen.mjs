// Preloaded (node --import) into Comunica's SPARQL endpoint, which calls server.listen(port)
// with no host and so would accept connections on every interface: a listen() that names no
// host binds 127.0.0.1 instead. Tests only ever talk over loopback. The cluster primary, which
// opens the socket for its workers, and the workers (they inherit NODE_OPTIONS) both get it.
// Each server that starts listening says so on stderr ("loopback_listen: listening on
// 127.0.0.1:PORT"): the endpoint's own "Server worker running" line is written right after it
// calls listen(), before the socket is bound, so it cannot tell a test that it may connect.
import net from "node:net";

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const [first] = args;
  if (first !== null && typeof first === "object" && !Array.isArray(first) && !("fd" in first) &&
      !("path" in first) && !("_handle" in first) && !("handle" in first)) {
    if (first.host == null) args[0] = { ...first, host: "127.0.0.1" };
  } else if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) {
    // listen(port[, host][, backlog][, callback]): a host, when given, is a string.
    if (args[1] == null) args[1] = "127.0.0.1";
    else if (typeof args[1] !== "string") args.splice(1, 0, "127.0.0.1");
  }
  this.once("listening", () => {
    const address = this.address();
    if (address && typeof address === "object") {
      process.stderr.write(`loopback_listen: listening on ${address.address}:${address.port}\n`);
    }
  });
  return listen.apply(this, args);
};
