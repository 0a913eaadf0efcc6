// Command ferretdb runs the embedded FerretDB 1.24 server that stands in for MongoDB locally.
//
// We wrap FerretDB's embeddable package instead of `go install .../cmd/ferretdb`, because
// FerretDB's own main module panics at start without a generated build/version/version.txt.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on (keep it on loopback)")
	dir := flag.String("dir", ".data/db", "directory holding the SQLite databases")
	// Tests set 0 to prove that writers never wait for each other inside SQLite (patch-source.sh).
	busyTimeout := flag.Int("busy-timeout-ms", 10000, "how long SQLite waits for a lock held by another connection")
	verbose := flag.Bool("verbose", false, "log every connection and error reply (noisy)")
	flag.Parse()

	if err := os.MkdirAll(*dir, 0o700); err != nil {
		log.Fatalf("cannot create %s: %v", *dir, err)
	}

	// Error replies such as "no such command: endSessions" are normal driver chatter; keep them out of the log.
	level := slog.LevelError
	if *verbose {
		level = slog.LevelInfo
	}

	// FerretDB allocates freely per command (BSON/JSON conversion) over a small live heap (~20 MB),
	// so Go's default GOGC=100 collected several times a second under load: GOGC=400 cut its CPU per
	// checkout request by about a quarter for ~60 MB of memory. GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}

	// synchronous(normal) in WAL mode: a commit is not fsynced on its own, only at checkpoints.
	// A killed FerretDB loses nothing (the chaos run SIGKILLs it); an OS crash or power cut can
	// roll back the last commits, never corrupt the file. That is MongoDB's default durability
	// too (w:1 acknowledges before the 100 ms journal flush), and production runs on MongoDB.
	sqliteURL := fmt.Sprintf("file:%s/?_pragma=busy_timeout(%d)&_pragma=synchronous(normal)", *dir, *busyTimeout)

	server, err := ferretdb.New(&ferretdb.Config{
		Logger:    slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})),
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Handler:   "sqlite",
		SQLiteURL: sqliteURL,
	})
	if err != nil {
		log.Fatalf("cannot configure FerretDB: %v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	log.Printf("FerretDB listening on %s, data in %s", *listen, *dir)
	if err := server.Run(ctx); err != nil && ctx.Err() == nil {
		log.Fatalf("FerretDB stopped: %v", err)
	}
}
