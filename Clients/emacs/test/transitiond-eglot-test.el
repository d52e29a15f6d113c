;;; transitiond-eglot-test.el --- the daemon's language server through eglot  -*- lexical-binding: t; -*-

;; Emacs's own language client (eglot, Debian's elpa-eglot on Emacs 28) against the
;; daemon, set up as documented (`transitiond-eglot-setup', the shared daemon by
;; default): a transition document's diagnostics (flymake), an edit that fixes it,
;; hover; play, scrub and stop and their messages; a second client on the shared
;; socket that keeps following the document's session through an edit made in the
;; buffer; the package's preview following a manual-clock document through didEnds.
;; Every test has a private XDG_RUNTIME_DIR (mode 0700), so its shared daemon is its
;; own.  Run by test/run.sh with `emacs --batch'.

(require 'ert)
(require 'cl-lib)
(require 'package)
;; Debian's elpa-eglot (and the project, xref and seq it needs) under -Q.
(setq package-directory-list '("/usr/share/emacs/site-lisp/elpa"))
(package-initialize)
(require 'eglot)
(require 'transitiond)

(let ((env (getenv "TRANSITIOND")))
  (when (or (null env) (string-empty-p env))
    (setenv "TRANSITIOND"
            (expand-file-name "../../../.build/debug/transitiond"
                              (file-name-directory (or load-file-name buffer-file-name))))))

(defconst transitiond-eglot-test-text
  "{
  \"session\": {\"viewport\": {\"width\": 375, \"height\": 667}, \"sections\": [{\"items\": 10}],
              \"layout\": {\"type\": \"list\", \"rowHeight\": 60}, \"clock\": \"manual\"},
  \"transition\": {\"to\": {\"type\": \"grid\", \"columns\": \"two\"}, \"duration\": 0.5,
                 \"timing\": \"quarticEaseInOut\"}
}
")

(defun transitiond-eglot-test--document (clock duration)
  "A valid document of 10 items, list -> grid, on CLOCK, linear, DURATION seconds."
  (format "{
  \"session\": {\"viewport\": {\"width\": 375, \"height\": 667}, \"sections\": [{\"items\": 10}],
              \"layout\": {\"type\": \"list\", \"rowHeight\": 60}, \"clock\": \"%s\"},
  \"transition\": {\"to\": {\"type\": \"grid\", \"columns\": 2}, \"duration\": %s,
                 \"timing\": \"linear\"}
}
" clock duration))

(defconst transitiond-eglot-test-deadline 30
  "Seconds to wait for an event: generous, CI has two slow shared cores.")

(defun transitiond-eglot-test--wait (predicate &optional seconds)
  "Wait (at most SECONDS, default `transitiond-eglot-test-deadline') until PREDICATE.
Return its value."
  (let ((deadline (+ (float-time) (or seconds transitiond-eglot-test-deadline))) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.02))
    value))

(defvar transitiond-eglot-test--runtime nil
  "The private XDG_RUNTIME_DIR of the running test.")

(defun transitiond-eglot-test--socket ()
  "The shared daemon's socket in the test's runtime directory."
  (expand-file-name "transitiond/transitiond.sock" transitiond-eglot-test--runtime))

(defun transitiond-eglot-test--daemons ()
  "Pids of the daemons serving the test's socket (started by its forwarders)."
  (let ((socket (transitiond-eglot-test--socket)) found)
    (dolist (entry (directory-files "/proc" nil "\\`[0-9]+\\'"))
      (let ((cmdline (ignore-errors
                       (with-temp-buffer
                         (insert-file-contents-literally (format "/proc/%s/cmdline" entry))
                         (split-string (buffer-string) "\0" t)))))
        (when (and (member "--listen" cmdline) (member socket cmdline))
          (push (string-to-number entry) found))))
    found))

(defmacro transitiond-eglot-test--with-runtime (&rest body)
  "Run BODY with a private XDG_RUNTIME_DIR and the documented setup; clean up after.
The daemons the test's forwarders started are ended by their pid."
  (declare (indent 0) (debug t))
  `(let* ((transitiond-eglot-test--runtime (make-temp-file "transitiond-xdg" t))
          (process-environment (cons (concat "XDG_RUNTIME_DIR=" transitiond-eglot-test--runtime)
                                     process-environment))
          (transitiond-shared t)
          (transitiond-program nil)
          (transitiond-program-args nil)
          (transitiond-current-session nil)
          (transitiond-last-exit nil)
          (transitiond-preview-scale '(5.0 . 15.0))
          (eglot-sync-connect t)
          (eglot-autoreconnect nil)
          (eglot-server-programs (copy-sequence eglot-server-programs)))
     (set-file-modes transitiond-eglot-test--runtime #o700)
     (unwind-protect
         (progn (transitiond-eglot-setup) ,@body)
       (dolist (buffer (buffer-list))
         (when (buffer-live-p buffer)
          (with-current-buffer buffer
           (when (and (derived-mode-p 'transitiond-document-mode) (buffer-file-name))
             (when (eglot-current-server)
               (ignore-errors (eglot-shutdown (eglot-current-server))))
             (set-buffer-modified-p nil)
             (kill-buffer buffer)))))
       (transitiond-stop)
       (when (get-buffer transitiond-preview-buffer-name)
         (kill-buffer transitiond-preview-buffer-name))
       (dolist (pid (transitiond-eglot-test--daemons))
         (signal-process pid 'SIGTERM))
       (transitiond-eglot-test--wait (lambda () (null (transitiond-eglot-test--daemons))) 10)
       (delete-directory transitiond-eglot-test--runtime t))))

(defun transitiond-eglot-test--open (name text)
  "Write TEXT to NAME in the runtime directory, visit it, start eglot; return the buffer."
  (let ((file (expand-file-name name transitiond-eglot-test--runtime)))
    (with-temp-file file (insert text))
    (with-current-buffer (find-file-noselect file)
      (should (eq major-mode 'transitiond-document-mode))
      (should transitiond-document-commands-mode)
      ;; What M-x eglot does, without its questions.
      (apply #'eglot (eglot--guess-contact))
      (should (transitiond-eglot-test--wait #'eglot-current-server))
      (current-buffer))))

(defvar transitiond-eglot-test--messages nil
  "Messages shown while recording, newest first.")

(defun transitiond-eglot-test--record-message (format-string &rest args)
  "Record the message of FORMAT-STRING and ARGS."
  (when format-string
    (push (apply #'format-message format-string args) transitiond-eglot-test--messages)))

(defmacro transitiond-eglot-test--recording-messages (&rest body)
  "Run BODY recording the echo area's messages in `transitiond-eglot-test--messages'."
  (declare (indent 0) (debug t))
  `(let ((transitiond-eglot-test--messages nil))
     (advice-add 'message :before #'transitiond-eglot-test--record-message)
     (unwind-protect (progn ,@body)
       (advice-remove 'message #'transitiond-eglot-test--record-message))))

(defun transitiond-eglot-test--press (keys)
  "Run the command KEYS are bound to in the current buffer, as a key press would."
  (let ((command (key-binding (kbd keys))))
    (should (commandp command))
    (call-interactively command)))

;;;; A second client on the shared socket

(cl-defstruct (transitiond-eglot-test--client (:constructor transitiond-eglot-test--make-client))
  connection ticks ends)

(defun transitiond-eglot-test--connect ()
  "A second client on the shared daemon's socket (LSP framing), initialized."
  (let* ((client (transitiond-eglot-test--make-client))
         (connection
          (make-instance
           'jsonrpc-process-connection
           :name "second client"
           :events-buffer-scrollback-size 0
           :notification-dispatcher
           (lambda (_connection method params)
             (pcase method
               ('transition/tick
                (push params (transitiond-eglot-test--client-ticks client)))
               ('transition/didEnd
                (push params (transitiond-eglot-test--client-ends client)))))
           :request-dispatcher #'ignore
           :process (lambda ()
                      (make-network-process
                       :name "second client" :family 'local
                       :service (transitiond-eglot-test--socket)
                       :coding 'utf-8-emacs-unix :noquery t)))))
    (setf (transitiond-eglot-test--client-connection client) connection)
    (jsonrpc-request connection 'initialize (list :processId (emacs-pid)))
    (jsonrpc-notify connection 'initialized (make-hash-table))
    client))

;;;; Tests

(ert-deftest transitiond-eglot-diagnostics-hover-and-play ()
  (transitiond-eglot-test--with-runtime
    (with-current-buffer (transitiond-eglot-test--open "list-to-grid.transition.json"
                                                        transitiond-eglot-test-text)
      ;; The documented setup runs the language server through the shared daemon.
      (should (equal (last (process-command (jsonrpc--process (eglot-current-server))))
                     '("--remote=auto")))
      ;; Without an idle moment in batch, flymake starts when asked.
      (flymake-start)
      ;; eglot reports the daemon's diagnostics through flymake.
      (let ((diagnostics (transitiond-eglot-test--wait #'flymake-diagnostics)))
        (should (= (length diagnostics) 1))
        (let ((diagnostic (car diagnostics)))
          (should (eq (flymake-diagnostic-type diagnostic) 'eglot-error))
          (should (string-match-p "expected integer" (flymake-diagnostic-text diagnostic)))
          ;; "two": line 4, columns 52 to 56 (counted from 1 and 0).
          (save-excursion
            (goto-char (flymake-diagnostic-beg diagnostic))
            (should (= (line-number-at-pos) 4))
            (should (= (current-column) 51))
            (should (looking-at "\"two\"")))))
      ;; Play refuses the invalid document, saying why.
      (let ((err (should-error (transitiond-eglot-test--press "C-c C-t p") :type 'user-error)))
        (should (string-match-p
                 "\\`transitiond: Invalid params: params.arguments\\[0\\]: file://.*list-to-grid.transition.json is not a valid transition document: 4:52: error: transition.to.columns: expected integer"
                 (error-message-string err))))
      ;; Fix it: the daemon's list empties.
      (goto-char (point-min))
      (search-forward "\"two\"")
      (replace-match "2")
      (eglot--signal-textDocument/didChange)
      (flymake-start)
      (should (transitiond-eglot-test--wait (lambda () (null (flymake-diagnostics)))))
      ;; Hover on timing.
      (goto-char (point-min))
      (search-forward "\"timing\"")
      (backward-char 3)
      (let* ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                                     (eglot--TextDocumentPositionParams)))
             (value (plist-get (plist-get hover :contents) :value)))
        (should (string-match-p
                 (regexp-quote "Duration 0.5 s; progress at 0%, 25%, 50%, 75%, 100% of it: 0, 0.0313, 0.5, 0.9688, 1.")
                 value)))
      ;; Play, scrub and stop, by their keys, each saying what it did.
      (transitiond-eglot-test--recording-messages
        (let ((played (transitiond-eglot-test--press "C-c C-t p")))
          (should (equal (plist-get played :name) "transition:list-to-grid"))
          (should (equal (plist-get played :duration) 0.5))
          (should (equal (car transitiond-eglot-test--messages)
                         (format "transitiond: playing transition:list-to-grid (%s, %s, 0.5 s, manual clock)"
                                 (plist-get played :session) (plist-get played :transition)))))
        (let* ((scrubbed (cl-letf (((symbol-function 'read-number)
                                    (lambda (_prompt &optional default &rest _) default)))
                           (transitiond-eglot-test--press "C-c C-t s"))))
          (should (equal (plist-get scrubbed :progress) 0.5))
          (should (equal (car transitiond-eglot-test--messages)
                         (format "transitiond: holding transition:list-to-grid at 50%% (%s, %s, manual clock)"
                                 (plist-get scrubbed :session) (plist-get scrubbed :transition)))))
        (should (null (transitiond-eglot-test--press "C-c C-t k")))
        (should (equal (car transitiond-eglot-test--messages)
                       "transitiond: stopped transition:list-to-grid")))
      ;; The daemon gone: the commands say so.
      (dolist (pid (transitiond-eglot-test--daemons))
        (signal-process pid 'SIGKILL))
      (should (transitiond-eglot-test--wait (lambda () (null (eglot-current-server)))))
      (let ((err (should-error (transitiond-eglot-test--press "C-c C-t p") :type 'user-error)))
        (should (string-match-p "\\`transitiond: no language server for this buffer (the daemon is not running)"
                                (error-message-string err)))))))

(ert-deftest transitiond-eglot-edit-and-watch ()
  "Play through eglot; a second client follows the session by name through an edit."
  (transitiond-eglot-test--with-runtime
    (with-current-buffer (transitiond-eglot-test--open
                          "card.transition.json" (transitiond-eglot-test--document "realtime" 30))
      (let* ((played (transitiond-eglot-test--recording-messages
                       (prog1 (call-interactively #'transitiond-document-play)
                         (should (string-match-p
                                  "\\`transitiond: playing transition:card (s[0-9]+, t[0-9]+, 30 s, realtime clock)\\'"
                                  (car transitiond-eglot-test--messages))))))
             (session (plist-get played :session))
             (first (plist-get played :transition))
             (client (transitiond-eglot-test--connect))
             (subscribed (jsonrpc-request (transitiond-eglot-test--client-connection client)
                                          'session/subscribe (list :name "transition:card"))))
        (should (equal (plist-get played :name) "transition:card"))
        (should (equal (plist-get subscribed :session) session))
        (should (equal (plist-get subscribed :clock) "realtime"))
        ;; Ticks of the first transition: linear over 30 s, dp/dt = 1/30.
        (let ((tick (transitiond-eglot-test--wait
                     (lambda () (car (transitiond-eglot-test--client-ticks client))))))
          (should (equal (plist-get tick :session) session))
          (should (equal (plist-get tick :transition) first))
          (should (< (abs (- (plist-get tick :velocity) (/ 1.0 30))) 1e-6)))
        ;; Edit the duration in the buffer: eglot sends the didChange.
        (goto-char (point-min))
        (re-search-forward "\"duration\": \\(30\\)")
        (replace-match "20" t t nil 1)
        (eglot--signal-textDocument/didChange)
        ;; The same session, a new transition of 20 s.
        (let ((tick (transitiond-eglot-test--wait
                     (lambda ()
                       (cl-find-if (lambda (tick) (not (equal (plist-get tick :transition) first)))
                                   (transitiond-eglot-test--client-ticks client))))))
          (should tick)
          (should (equal (plist-get tick :session) session))
          (should (< (abs (- (plist-get tick :velocity) (/ 1.0 20))) 1e-6)))
        (let ((ends (reverse (transitiond-eglot-test--client-ends client))))
          (should (equal (mapcar (lambda (end) (list (plist-get end :transition)
                                                     (plist-get end :reason)))
                                 ends)
                         (list (list first "cancelledInPlace")))))
        ;; Still the one session, by name, with its subscriber.
        (let ((sessions (plist-get (jsonrpc-request (transitiond-eglot-test--client-connection client)
                                                    'session/list (make-hash-table))
                                   :sessions)))
          (should (equal (cl-count "transition:card" sessions
                                   :key (lambda (s) (plist-get s :name)) :test #'equal)
                         1)))
        (jsonrpc-shutdown (transitiond-eglot-test--client-connection client))))))

(ert-deftest transitiond-eglot-preview-follows-through-did-end ()
  "The document preview (the package's client) steps a manual document through edits."
  (transitiond-eglot-test--with-runtime
    (let ((ends nil) (ticks nil))
      (with-current-buffer (transitiond-eglot-test--open
                            "steps.transition.json" (transitiond-eglot-test--document "manual" 5))
        (let* ((transitiond-did-end-functions (list (lambda (end) (push end ends))))
               (transitiond-tick-functions (list (lambda (tick) (push tick ticks))))
               ;; No session yet: the preview plays the document first, then follows it.
               (session (transitiond-eglot-test--press "C-c C-t v"))
               (id (transitiond-session-id session)))
          (should (equal (transitiond-session-name session) "transition:steps"))
          (should (transitiond-session-followed session))
          (should (equal (transitiond--spec-get (transitiond-session-spec session) :clock) "manual"))
          ;; The preview steps the manual clock: ticks of t-first arrive and are drawn.
          (let* ((tick (transitiond-eglot-test--wait (lambda () (car ticks))))
                 (first (plist-get tick :transition)))
            (should (equal (plist-get tick :session) id))
            (with-current-buffer transitiond-preview-buffer-name
              (should (transitiond-eglot-test--wait
                       (lambda () (equal (plist-get transitiond--preview-tick :transition) first))))
              (should (string-match-p "[┌│]" (buffer-string))))
            ;; An edit while it runs: 5 s becomes 0.25 s.  The transition in flight
            ;; ends cancelledInPlace, the next one is stepped to its end.
            (goto-char (point-min))
            (re-search-forward "\"duration\": \\(5\\)")
            (replace-match "0.25" t t nil 1)
            (eglot--signal-textDocument/didChange)
            (should (transitiond-eglot-test--wait
                     (lambda () (equal (plist-get (car ends) :reason) "finished"))))
            (let ((reasons (mapcar (lambda (end) (list (plist-get end :transition)
                                                       (plist-get end :reason)))
                                   (reverse ends))))
              (should (equal (car reasons) (list first "cancelledInPlace")))
              (should (= (length reasons) 2))
              (should-not (equal (car (nth 1 reasons)) first)))
            (let ((second (plist-get (car ends) :transition)))
              ;; Its ticks reached the same preview, the same session.
              (should (cl-find second ticks :key (lambda (tick) (plist-get tick :transition))
                               :test #'equal))
              (should (eq transitiond-current-session session))
              (should (equal (transitiond-session-id session) id))
              (transitiond--draw-now)
              (with-current-buffer transitiond-preview-buffer-name
                (should (equal (plist-get transitiond--preview-tick :transition) second))
                (should (string-match-p (concat "\\`.*" id " ended: finished")
                                        (string-replace "%%" "%" header-line-format))))
              ;; A later edit replays it once more (nothing is sent on a manual clock
              ;; until it moves): the preview finds the new transition and steps it too.
              (goto-char (point-min))
              (re-search-forward "\"columns\": \\(2\\)")
              (replace-match "3" t t nil 1)
              (eglot--signal-textDocument/didChange)
              (should (transitiond-eglot-test--wait
                       (lambda () (and (= (length ends) 3)
                                       (equal (plist-get (car ends) :reason) "finished")))))
              (should-not (member (plist-get (car ends) :transition) (list first second)))
              (should (equal (plist-get (car ends) :session) id)))))))))

;;; transitiond-eglot-test.el ends here
