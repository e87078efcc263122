// The page's entry: an invitation link (#join=…) opens a guest's table, which runs no
// Python (net/guest.js); anything else starts the game with Python (main.js). Only the
// chosen module is loaded, so a guest's page never starts the Python worker.

if (location.hash.startsWith("#join=")) import("./net/guest.js");
else import("./main.js");
